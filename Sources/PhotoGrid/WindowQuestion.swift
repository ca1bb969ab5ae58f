import GridLayout
public import PhotoLibrary
import Thumbnails

/// A layout question made ready for one grid snapshot and any scroll offset: its values checked, its
/// grid laid out and its thumbnail folder named once. A scrolling client asks the same question at new
/// offsets, so a server keeps these and a request then costs only its window's cells
/// (`withDocument(offset:)`: ~20 cells written straight from the snapshot).
public struct WindowQuestion: Sendable {
    /// The snapshot the question is ready for.
    public let snapshot: GridSnapshot
    private let request: LayoutRequest
    private let layout: PhotoGridLayout
    private let grid: LayoutDocument.Grid
    /// The URL folder of the cells' grid thumbnails (`…/grid-387`), if cells name theirs.
    private let thumbnailFolder: String?

    /// `request` made ready for `snapshot`, or nil for the questions a snapshot does not answer (as
    /// `gallery(snapshot:)`: sizes, sections, cells that are not square); its usage error for a bad
    /// value. Cells name their grid thumbnails under `thumbnailURLPrefix` (`ThumbnailsOnDemand`'s
    /// names), none when it is nil or the grid's cells are too small for one.
    public init?(_ request: LayoutRequest, snapshot: GridSnapshot, thumbnailURLPrefix: String?) throws(UsageError) {
        guard request.sizes == nil else { return nil }
        let configuration = try request.configuration()
        guard try request.grouping() == .none, configuration.cellStyle == .square else { return nil }
        try GalleryLayout.validate(request.viewport, configuration)
        self.snapshot = snapshot
        self.request = request
        layout = PhotoGridLayout(width: request.width, grid: configuration.grid, squareCellCount: snapshot.count)
        grid = LayoutDocument.Grid(columns: layout.tracks.map { LayoutDocument.Column(x: $0.x, width: $0.width) },
                                   rowSpacing: configuration.rowSpacing, rowCount: layout.rowCount,
                                   contentHeight: layout.contentHeight, count: layout.count)
        thumbnailFolder = thumbnailURLPrefix.flatMap { request.gridThumbnailFolder(configuration: configuration, prefix: $0) }
    }

    /// The visible-range layout document at scroll `offset`, passed to `body` as its bytes: the same bytes
    /// as `gallery(snapshot:).layoutDocument(all: false, thumbnail:)` for the request at that offset (tests
    /// hold them equal) — the same geometry and writers (`LayoutDocument.write`, `writeCell`), the photos'
    /// values read in place, no photo, cell or String made per cell.
    public func withDocument<Result>(offset: Double, _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result {
        try GalleryLayout.validateOffset(offset)
        var viewport = request.viewport
        viewport.offset = offset
        let visible = layout.visibleCells(offset: offset, height: viewport.height)
        var writer = JSONWriter(reservingCapacity: 8192)
        snapshot.withUnsafePhotos { photos in
            var folder = thumbnailFolder ?? ""
            folder.withUTF8 { folder in
                LayoutDocument.write(to: &writer, grid: grid, pinned: nil, sections: nil, version: 1, viewport: viewport) { w in
                    for index in visible {
                        let photo = photos[index]
                        let geometry = layout.cell(index, imageSize: Size(width: Double(photo.pixelWidth), height: Double(photo.pixelHeight)))
                        LayoutDocument.writeCell(SnapshotCell(index: index, photo: photo, geometry: geometry,
                                                              thumbnailFolder: thumbnailFolder == nil ? nil : folder), to: &w)
                    }
                }
            }
        }
        guard writer.nonFiniteNumbers == 0 else { throw NonFiniteNumberError() }
        return writer.withUnsafeBytes(body)
    }
}

extension LayoutRequest {
    /// `prefix` + `grid-<pixels>`: the folder of this request's grid thumbnails (`ThumbnailsOnDemand`'s
    /// names), for its cells at its scale snapped up to the ladder (`ThumbnailLadder`); nil for cells that
    /// are not square crops or too small for one.
    public func gridThumbnailFolder(configuration: GridConfiguration, prefix: String) -> String? {
        guard configuration.cellStyle == .square else { return nil }
        let thumbnails = ThumbnailRequest(width: width, scale: scale, configuration: configuration)
        return (try? thumbnails.gridPixels()).map {
            ThumbnailsOnDemand.gridFolder(pixels: ThumbnailLadder.gridSide(atLeast: $0), prefix: prefix)
        }
    }

    /// This request's visible-range document from `snapshot` (`WindowQuestion`), or nil for the requests
    /// a snapshot does not answer.
    public func withWindowDocument<Result>(snapshot: GridSnapshot, thumbnailURLPrefix: String?,
                                           _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result? {
        try WindowQuestion(self, snapshot: snapshot, thumbnailURLPrefix: thumbnailURLPrefix)?.withDocument(offset: offset, body)
    }
}

/// A window cell's values read in place from a grid snapshot (`WindowQuestion.withDocument`).
private struct SnapshotCell: LayoutCellValues {
    let index: Int
    let photo: GridSnapshot.UnsafePhoto
    let geometry: CellGeometry
    /// The URL prefix of grid thumbnails (`…/grid-387`), if cells name theirs.
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
        w.stringContent(thumbnailFolder)
        if let key = photo.contentKey, ThumbnailCache.isContentKey(utf8: key) {
            w.stringContent("/")
            w.stringContent(key)
        } else {
            w.stringContent("/id-")
            w.stringContent(digits: photo.id)
        }
        w.stringContent(".jpg")
        w.endString()
    }
}
