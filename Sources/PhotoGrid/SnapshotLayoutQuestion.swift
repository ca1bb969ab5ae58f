import GridLayout
public import PhotoLibrary
import Thumbnails

/// A layout question made ready for one grid snapshot and any scroll offset: its values checked, its
/// grid laid out and its thumbnail folder named once. A scrolling client asks the same question at new
/// offsets, so a server keeps these and a request then costs only its window's cells
/// (`withDocument(offset:)`: ~20 cells written straight from the snapshot).
public final class SnapshotLayoutQuestion: Sendable {
    /// The snapshot the question is ready for.
    public let snapshot: GridSnapshot
    private let request: LayoutRequest
    private let layout: PhotoGridLayout
    private let grid: LayoutDocument.Grid
    /// The URL folder of the cells' grid thumbnails (`…/grid-387`, escaped for a JSON string), if cells name theirs.
    private let thumbnailFolder: [UInt8]?
    /// Justified cells' thumbnail folders (`…/detail-640`, escaped for a JSON string), one per rung of
    /// `ThumbnailLadder.variants`, if cells name theirs: each cell names the rung that fits its frame
    /// (`ThumbnailLadder.cellRung`). One array of bytes and each rung's range in it (no array counted per cell).
    private let cellFolderBytes: [UInt8]
    private let cellFolders: [Range<Int>]
    /// Justified rows (their rows kept, `JustifiedPhotoGrid`); nil for the square grid.
    let justified: JustifiedPhotoGrid?
    /// The most cells one answer may hold (`AnswerLimits.cells`): justified rows are counted once laid out.
    private let cellLimit: Int

    /// `request` made ready for `snapshot`, or nil for the questions a snapshot does not answer (as
    /// `gallery(snapshot:)`: sizes, sections, cells that are not square); its usage error for a bad
    /// value. Cells name their grid thumbnails under `thumbnailURLPrefix` (`ThumbnailNames`'s
    /// names), none when it is nil or the grid's cells are too small for one.
    ///
    /// Justified rows are laid out once for the snapshot (`reusing` an earlier question's rows for the
    /// sections whose photos are unchanged) and answer any offset by binary search.
    /// `aspectRatios`: the snapshot's photos' (`aspectRatios(of:)`), when the caller keeps them for every
    /// question of the snapshot (a million photos: 8 MB, shared rather than made per question).
    public init?(_ request: LayoutRequest, snapshot: GridSnapshot, thumbnailURLPrefix: String?, reusing earlier: SnapshotLayoutQuestion? = nil,
                 cellLimit: Int = .max, aspectRatios: [Double]? = nil) throws(UsageError) {
        guard request.sizes == nil else { return nil }
        let configuration = try request.configuration()
        let justifiedConfiguration = try request.justifiedConfiguration()
        guard try request.grouping() == .none, configuration.cellStyle == .square else { return nil }
        try GalleryLayout.validate(request.viewport, configuration)
        self.snapshot = snapshot
        self.request = request
        self.cellLimit = cellLimit
        layout = PhotoGridLayout(width: request.width, grid: configuration.grid, squareCellCount: snapshot.count)
        if let justifiedConfiguration {
            let ratios = aspectRatios ?? Self.aspectRatios(of: snapshot)
            let rows = JustifiedPhotoGrid(aspectRatios: ratios, configuration: justifiedConfiguration, reusing: earlier?.justified)
            justified = rows
            grid = LayoutDocument.Grid(columns: [], rowSpacing: justifiedConfiguration.boxSpacing.vertical, rowCount: rows.rowCount,
                                       contentHeight: rows.contentHeight, count: rows.count)
        } else {
            justified = nil
            grid = LayoutDocument.Grid(columns: layout.tracks.map { LayoutDocument.Column(x: $0.x, width: $0.width) },
                                       rowSpacing: configuration.rowSpacing, rowCount: layout.rowCount,
                                       contentHeight: layout.contentHeight, count: layout.count)
        }
        thumbnailFolder = thumbnailURLPrefix.flatMap { request.gridThumbnailFolder(configuration: configuration, prefix: $0) }
            .map(JSONWriter.escapedContent)
        let folders = justified == nil ? [] : thumbnailURLPrefix.map { prefix in
            ThumbnailLadder.variants.map { JSONWriter.escapedContent(prefix + $0.name) }
        } ?? []
        cellFolderBytes = folders.flatMap { $0 }
        cellFolders = folders.indices.map { k in
            let start = folders[..<k].reduce(0) { $0 + $1.count }
            return start..<(start + folders[k].count)
        }
    }

    /// Each photo's width over height, in grid order: what justified rows are laid out from.
    public static func aspectRatios(of snapshot: GridSnapshot) -> [Double] {
        snapshot.withUnsafePhotos { photos in
            (0..<photos.count).map { Double(photos[$0].pixelWidth) / Double(photos[$0].pixelHeight) }
        }
    }

    /// At most how many square cells the answer at `offset` holds, found without writing it: the rows the
    /// viewport meets times the columns (justified rows count theirs in `visibleBoxes(…atMost:)`).
    private func squareCellBound(offset: Double) -> Int {
        let height = request.height
        let pitch = layout.tracks.reduce(0) { max($0, $1.width) } + request.rowSpacing
        guard pitch > 0, height.isFinite else { return layout.count }
        return min(layout.count, (Int((height / pitch).rounded(.up)) + 1) * layout.tracks.count)
    }

    /// Whether the question lays out justified rows (laid out once per snapshot, in time that grows with
    /// the library: a server makes such a question off its event loops).
    public var isJustified: Bool { justified != nil }

    /// The visible-range layout document at scroll `offset`, passed to `body` as its bytes: the same bytes
    /// as `gallery(snapshot:).layoutDocument(all: false, thumbnail:)` for the request at that offset (tests
    /// hold them equal) — the same geometry and writers (`LayoutDocument.write`, `writeCell`), the photos'
    /// values read in place, no photo, cell or String made per cell.
    ///
    /// `pieces`: kept pieces of earlier answers to copy, and to keep this answer's in (`JSONPieces`).
    public func withDocument<Result>(offset: Double, pieces: JSONPieces? = nil, _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result {
        // With no bound to meet, a document is always written.
        try withDocument(offset: offset, pieces: pieces, cellsAtMost: .max, body)!
    }

    /// `withDocument(offset:pieces:_:)`, or nil without writing when the window may hold more than
    /// `cellsAtMost` cells (`squareCellBound`; justified rows: the photos of the rows it meets).
    public func withDocument<Result>(offset: Double, pieces: JSONPieces? = nil, cellsAtMost: Int,
                                     _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result? {
        try GalleryLayout.validateOffset(offset)
        var viewport = request.viewport
        viewport.offset = offset
        let scale = viewport.scale  // a constant for the cells' closure (a captured var is checked at each access)
        if justified == nil, cellsAtMost < .max, squareCellBound(offset: offset) > cellsAtMost { return nil }
        let boxes: [JustifiedBox]?
        if let justified {
            guard let shown = justified.visibleBoxes(offset: offset, height: viewport.height, atMost: cellsAtMost) else { return nil }
            boxes = shown
        } else {
            boxes = nil
        }
        if let boxes, boxes.count > cellLimit { throw AnswerLimits.tooManyCells(boxes.count, limit: cellLimit) }
        let visible = boxes == nil ? layout.visibleCells(offset: offset, height: viewport.height) : []
        // Room for the whole answer (a cell is ~350 bytes): the buffer is not grown and copied while writing.
        var writer = JSONWriter(reservingCapacity: 2048 + 512 * (boxes?.count ?? visible.count), pieces: pieces)
        // Read once, not per cell (each read of a stored array counts a reference).
        let layout = layout, cellFolders = cellFolders, namesGridThumbnails = thumbnailFolder != nil
        snapshot.withUnsafePhotos { photos in
            (thumbnailFolder ?? []).withUnsafeBufferPointer { folder in cellFolderBytes.withUnsafeBufferPointer { folderBytes in
                LayoutDocument.write(to: &writer, grid: grid, pinned: nil, sections: nil, version: 1, viewport: viewport) { w in
                    for index in visible {
                        let photo = photos[index]
                        let cell = layout.cell(index, imageSize: Size(width: Double(photo.pixelWidth), height: Double(photo.pixelHeight)))
                        LayoutDocument.writeCell(SnapshotCell(index: index, photo: photo, geometry: cell, thumbnailFolder: namesGridThumbnails ? folder : nil), to: &w)
                    }
                    for box in boxes ?? [] {  // justified: each cell names the rung that fits it
                        let photo = photos[box.index]
                        let cell = JustifiedPhotoGrid.cell(box.index, frame: box.frame, pixelSize: Size(width: Double(photo.pixelWidth), height: Double(photo.pixelHeight)))
                        let rung = cellFolders.isEmpty ? nil : cellFolders[ThumbnailLadder.cellRung(width: cell.frame.width, height: cell.frame.height, scale: scale)]
                        LayoutDocument.writeCell(SnapshotCell(index: box.index, photo: photo, geometry: cell,
                                                              thumbnailFolder: rung.map { UnsafeBufferPointer(rebasing: folderBytes[$0]) }), to: &w)
                    }
                }
            } }
        }
        guard writer.nonFiniteNumbers == 0 else { throw NonFiniteNumberError() }
        return writer.withUnsafeBytes(body)
    }
}

extension LayoutRequest {
    /// `prefix` + `grid-<pixels>`: the folder of this request's grid thumbnails (`ThumbnailNames`'s
    /// names), for its cells at its scale snapped up to the ladder (`ThumbnailLadder`); nil for cells that
    /// are not square crops (justified rows too: each of their cells names the rung that fits it,
    /// `ThumbnailLadder.cellVariant`) or too small for one.
    public func gridThumbnailFolder(configuration: GridConfiguration, prefix: String) -> String? {
        guard configuration.cellStyle == .square, justified == nil else { return nil }
        let thumbnails = ThumbnailRequest(width: width, scale: scale, configuration: configuration)
        return (try? thumbnails.gridPixels()).map {
            ThumbnailNames.gridFolder(pixels: ThumbnailLadder.gridSide(atLeast: $0), prefix: prefix)
        }
    }

    /// This request's visible-range document from `snapshot` (`SnapshotLayoutQuestion`), or nil for the requests
    /// a snapshot does not answer.
    public func withWindowDocument<Result>(snapshot: GridSnapshot, thumbnailURLPrefix: String?,
                                           _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result? {
        try SnapshotLayoutQuestion(self, snapshot: snapshot, thumbnailURLPrefix: thumbnailURLPrefix)?.withDocument(offset: offset, body)
    }
}

/// A window cell's values read in place from a grid snapshot (`SnapshotLayoutQuestion.withDocument`).
private struct SnapshotCell: LayoutCellValues {
    let index: Int
    let photo: GridSnapshot.UnsafePhoto
    let geometry: CellGeometry
    /// The URL prefix of grid thumbnails (`…/grid-387`, escaped for a JSON string), if cells name theirs.
    let thumbnailFolder: UnsafeBufferPointer<UInt8>?

    var id: Int64? { photo.id }
    var pixelWidth: Double { Double(photo.pixelWidth) }
    var pixelHeight: Double { Double(photo.pixelHeight) }
    var frame: Rect { geometry.frame }
    var imageFrame: Rect { geometry.imageFrame }
    var crop: Rect { geometry.crop }
    var section: Int? { nil }
    var media: String? { photo.nonPhoto?.media.rawValue }
    var duration: Double? { photo.nonPhoto?.duration }
    var posterTime: Double? { photo.nonPhoto?.posterTime }
    var hasPath: Bool { true }

    /// The path as `GalleryPhoto.path` holds it: its bytes, or when they are not UTF-8 the text with
    /// U+FFFD for each invalid sequence.
    func writePath(to w: inout JSONWriter) {
        if photo.pathIsUTF8 { w.value(utf8: photo.path) } else { w.value(String(decoding: photo.path, as: UTF8.self)) }
    }

    var pathBytes: String? { photo.pathIsUTF8 ? nil : PathBytesField.base64IfNotUTF8(Array(photo.path)) }
    var hasThumbnail: Bool { thumbnailFolder != nil }

    /// `ThumbnailCache.relativePath(folder:contentKey:photoID:)`, written in pieces.
    func writeThumbnail(to w: inout JSONWriter) {
        guard let thumbnailFolder else { return }
        w.beginString()
        w.stringContent(escaped: thumbnailFolder)
        if let key = photo.contentKey, ThumbnailCache.isContentKey(utf8: key) {
            w.stringContent("/")
            w.stringContent(escaped: key)  // digits, "-" and hex digits
        } else {
            w.stringContent("/id-")
            w.stringContent(digits: photo.id)
        }
        w.stringContent(".jpg")
        w.endString()
    }
}
