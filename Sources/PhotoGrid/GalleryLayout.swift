import GridLayout

/// The gallery model: photos in grid order laid out by `GridLayout` for a viewport, as documents.
public struct GalleryLayout: Sendable {
    public let photos: [GalleryPhoto]
    public let viewport: Viewport
    public let configuration: GridConfiguration
    public let layout: PhotoGridLayout

    /// Validates the viewport and configuration, then lays the photos out (O(1) for square cells).
    public init(photos: [GalleryPhoto], viewport: Viewport, configuration: GridConfiguration = GridConfiguration()) throws(UsageError) {
        try GalleryLayout.validate(viewport, configuration)
        self.photos = photos
        self.viewport = viewport
        self.configuration = configuration
        layout = PhotoGridLayout(width: viewport.width, grid: configuration.grid, style: configuration.cellStyle,
                                 imageSizes: photos.map { Size(width: $0.pixelWidth, height: $0.pixelHeight) })
    }

    /// Largest accepted viewport side, in points.
    public static let maximumExtent = 1_000_000.0

    static func validate(_ v: Viewport, _ c: GridConfiguration) throws(UsageError) {
        func check(_ value: Double, _ name: String) throws(UsageError) {
            guard value.isFinite, value > 0, value <= maximumExtent else {
                throw UsageError("\(name) must be a number greater than 0 and at most \(Int(maximumExtent)) (got \(value))")
            }
        }
        try check(v.width, "--width")
        try check(v.height, "--height")
        guard v.scale.isFinite, v.scale > 0, v.scale <= 16 else { throw UsageError("--scale must be greater than 0 and at most 16 (got \(v.scale))") }
        guard v.offset.isFinite else { throw UsageError("--offset must be a finite number (got \(v.offset))") }
        guard c.rowSpacing.isFinite, c.rowSpacing >= 0 else { throw UsageError("--row-spacing must be a finite number ≥ 0 (got \(c.rowSpacing))") }
        guard !c.columns.isEmpty else { throw UsageError("--columns: at least one column is needed") }
    }

    /// The layout document: cells visible in the viewport, or all cells.
    public func layoutDocument(all: Bool) -> LayoutDocument {
        let indices: [Int] = all ? Array(0..<layout.count) : layout.visibleCells(offset: viewport.offset, height: viewport.height)
        var cells: [LayoutDocument.Cell] = []
        cells.reserveCapacity(indices.count)
        for i in indices {
            let g = layout.cell(i), p = photos[i]
            cells.append(LayoutDocument.Cell(index: i, id: p.id, path: p.path, pixelWidth: p.pixelWidth, pixelHeight: p.pixelHeight,
                                             frame: g.frame, imageFrame: g.imageFrame, crop: g.crop, thumbnail: p.thumbnail))
        }
        let grid = LayoutDocument.Grid(columns: layout.tracks.map { LayoutDocument.Column(x: $0.x, width: $0.width) },
                                       rowSpacing: configuration.rowSpacing, rowCount: layout.rowCount,
                                       contentHeight: layout.contentHeight, count: layout.count)
        return LayoutDocument(viewport: viewport, grid: grid, cells: cells)
    }

    /// The detail document for opening cell `index` at transition progress `progress`, optionally dragged.
    public func detailDocument(index: Int, progress: Double = 1, drag translation: Point? = nil) throws(UsageError) -> DetailDocument {
        guard layout.count > 0 else { throw UsageError("index \(index): the library has no photos to open") }
        guard (0..<layout.count).contains(index) else {
            throw UsageError("index \(index) is out of range: the grid has \(layout.count) photo(s), indices 0…\(layout.count - 1)")
        }
        guard progress.isFinite, (0...1).contains(progress) else { throw UsageError("--progress must be between 0 and 1 (got \(progress))") }
        if let t = translation, !(t.x.isFinite && t.y.isFinite) { throw UsageError("--drag must be two finite numbers DX,DY") }
        let p = photos[index]
        let geometry = DetailGeometry(cell: layout.cell(index), imageSize: Size(width: p.pixelWidth, height: p.pixelHeight),
                                      offset: viewport.offset, container: viewport.bounds)
        let frame = geometry.transition.frame(at: progress)
        let drag = translation.map { t in
            DetailDocument.Drag(translation: t, scale: DragToDismiss.scale(translation: t),
                                gridOpacity: DragToDismiss.gridOpacity(translation: t),
                                rendered: geometry.drag.renderedRect(translation: t))
        }
        return DetailDocument(index: index, id: p.id, path: p.path, viewport: viewport, cell: geometry.cell,
                              source: geometry.source, detail: geometry.detail, progress: progress,
                              image: frame.image, mask: frame.mask, visible: frame.visible, drag: drag)
    }
}
