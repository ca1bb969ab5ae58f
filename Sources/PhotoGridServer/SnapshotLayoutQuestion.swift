import GridLayout
import PhotoGrid
import PhotoLibrary

/// A layout question made ready for one grid snapshot and any scroll offset: its values checked, its
/// grid laid out and its thumbnail folders named once. A scrolling client asks the same question at new
/// offsets, so the server keeps these (`SnapshotLayoutQuestions`) and a request then costs only its
/// window's cells (`withDocument`: ~20 cells written straight from the snapshot).
final class SnapshotLayoutQuestion: Sendable {
    /// The snapshot the question is ready for.
    let snapshot: GridSnapshot
    private let request: LayoutRequest
    private let layout: PhotoGridLayout
    private let grid: LayoutDocument.Grid
    private let folders: CellThumbnailFolders
    /// Justified rows (their rows kept, `JustifiedPhotoGrid`); nil for the square grid.
    let justified: JustifiedPhotoGrid?
    /// The most cells one answer may hold (`AnswerLimits.cells`): justified rows are counted once laid out.
    private let cellLimit: Int

    /// `request` made ready for `snapshot`, or nil for the questions a snapshot does not answer (as
    /// `gallery(snapshot:)`: sizes, sections, cells that are not square); its usage error for a bad
    /// value. Cells name their thumbnails under `thumbnailURLPrefix` (`CellThumbnailFolders`), none when
    /// it is nil.
    ///
    /// Justified rows are laid out once for the snapshot (`reusing` an earlier question's rows for the
    /// sections whose photos are unchanged) and answer any offset by binary search.
    /// `aspectRatios`: the snapshot's photos' (`aspectRatios(of:)`), when the caller keeps them for every
    /// question of the snapshot (a million photos: 8 MB, shared rather than made per question).
    init?(_ request: LayoutRequest, snapshot: GridSnapshot, thumbnailURLPrefix: String?, reusing earlier: SnapshotLayoutQuestion? = nil,
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
            grid = LayoutDocument.Grid(rows)
        } else {
            justified = nil
            grid = LayoutDocument.Grid(tracks: layout.tracks, rowSpacing: configuration.rowSpacing, rowCount: layout.rowCount,
                                       contentHeight: layout.contentHeight, count: layout.count)
        }
        folders = CellThumbnailFolders(request, configuration: configuration, prefix: thumbnailURLPrefix)
    }

    /// Each photo's width over height, in grid order: what justified rows are laid out from.
    static func aspectRatios(of snapshot: GridSnapshot) -> [Double] {
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
    /// the library: the server makes such a question off its event loops).
    var isJustified: Bool { justified != nil }

    /// The visible-range layout document at scroll `offset` (`LayoutDocument.writeWindow`), passed to
    /// `body` as its bytes; nil without writing when the window may hold more than `cellsAtMost` cells
    /// (`squareCellBound`; justified rows: the photos of the rows it meets). `pieces`: kept pieces of
    /// earlier answers to copy, and to keep this answer's in (`JSONPieces`).
    func withDocument<Result>(offset: Double, pieces: JSONPieces? = nil, cellsAtMost: Int = .max,
                              _ body: (UnsafeRawBufferPointer) -> Result) throws -> Result? {
        try GalleryLayout.validateOffset(offset)
        var viewport = request.viewport
        viewport.offset = offset
        let cells: SnapshotWindowCells
        if let justified {
            guard let boxes = justified.visibleBoxes(offset: offset, height: viewport.height, atMost: cellsAtMost) else { return nil }
            if boxes.count > cellLimit { throw AnswerLimits.tooManyCells(boxes.count, limit: cellLimit) }
            cells = .justified(boxes)
        } else {
            if cellsAtMost < .max, squareCellBound(offset: offset) > cellsAtMost { return nil }
            cells = .square(layout, visible: layout.visibleCells(offset: offset, height: viewport.height))
        }
        // Room for the whole answer (a cell is ~350 bytes): the buffer is not grown and copied while writing.
        var writer = JSONWriter(reservingCapacity: 2048 + 512 * cells.count, pieces: pieces)
        LayoutDocument.writeWindow(to: &writer, snapshot: snapshot, grid: grid, viewport: viewport, cells: cells, folders: folders)
        guard writer.nonFiniteNumbers == 0 else { throw NonFiniteNumberError() }
        return writer.withUnsafeBytes(body)
    }
}
