import PhotoGridSupport
public import GridLayout

/// The gallery model: photos in grid order laid out by `GridLayout` for a viewport, as documents.
public struct GalleryLayout: Sendable {
    /// The photos known to this gallery: grid positions `windowStart ..< windowStart + photos.count`.
    public let photos: [GalleryPhoto]
    /// Grid position of `photos[0]` (0 unless only a window of a large library was loaded).
    public let windowStart: Int
    /// Photos loaded outside the window (a photo to open), by grid position.
    let extraPhotos: [Int: GalleryPhoto]
    public let viewport: Viewport
    public let configuration: GridConfiguration
    public let layout: PhotoGridLayout
    /// The sectioned grid when the photos are grouped (square cells only); it then decides every
    /// geometry, `layout` stays the ungrouped grid.
    public let sectioned: SectionedPhotoGrid?
    /// Each section's title, in order (empty without sections).
    public let sectionTitles: [String]
    /// Justified rows (`--justified`), in sections when grouped: it then decides every geometry.
    public let justified: JustifiedPhotoGrid?

    /// Validates the viewport and configuration, then lays the photos out (O(1) for square cells).
    public init(photos: [GalleryPhoto], viewport: Viewport, configuration: GridConfiguration = GridConfiguration(),
                sections: [GallerySection]? = nil, justified: JustifiedConfiguration? = nil) throws(UsageError) {
        try GalleryLayout.validate(viewport, configuration)
        if let sections {
            let total = sections.reduce(0) { $0 + $1.count }
            guard total == photos.count else {
                throw UsageError(option: "sections", separator: ": ", "the sections hold \(CountText.grouped(total)) photo(s), but there are \(CountText.grouped(photos.count))")
            }
        }
        self.photos = photos
        windowStart = 0
        extraPhotos = [:]
        self.viewport = viewport
        self.configuration = configuration
        layout = PhotoGridLayout(width: viewport.width, grid: configuration.grid, style: configuration.cellStyle,
                                 imageSizes: photos.map { Size(width: $0.pixelWidth, height: $0.pixelHeight) })
        sectionTitles = sections?.map(\.title) ?? []
        if let justified {
            sectioned = nil
            self.justified = JustifiedPhotoGrid(aspectRatios: photos.map { $0.pixelWidth / $0.pixelHeight }, configuration: justified,
                                                sectionCounts: sections?.map(\.count), headerHeight: configuration.headerHeight)
        } else {
            sectioned = try Self.sectionedGrid(sections, viewport, configuration)
            self.justified = nil
        }
    }

    /// The sectioned grid for `sections` (nil without them); sections need square cells.
    static func sectionedGrid(_ sections: [GallerySection]?, _ viewport: Viewport,
                              _ configuration: GridConfiguration) throws(UsageError) -> SectionedPhotoGrid? {
        guard let sections else { return nil }
        guard configuration.cellStyle == .square else {
            throw UsageError(option: "group", "and \(parameter: "sections") need \(parameter: "cell-style") square (the Photos grid)")
        }
        return SectionedPhotoGrid(width: viewport.width, grid: configuration.grid, sectionCounts: sections.map(\.count),
                                  headerHeight: configuration.headerHeight)
    }

    /// A square-cell gallery of `count` photos of which only a window is loaded: `load` receives grid
    /// position ranges — the cells the viewport shows, or `only` when given — and returns those photos in
    /// order; `also` (e.g. a photo to open) is loaded besides. A million-photo library answers a
    /// visible-range query by reading ~20 rows.
    public init<E: Error>(count: Int, viewport: Viewport, configuration: GridConfiguration, sections: [GallerySection]? = nil,
                          only: Range<Int>? = nil, also: Int? = nil,
                          load: (Range<Int>) throws(E) -> [GalleryPhoto]) throws(GalleryLoadError<E>) {
        do { try GalleryLayout.validate(viewport, configuration) } catch { throw .usage(error) }
        let layout = PhotoGridLayout(width: viewport.width, grid: configuration.grid, squareCellCount: count)
        let sectioned: SectionedPhotoGrid?
        do { sectioned = try Self.sectionedGrid(sections, viewport, configuration) } catch { throw .usage(error) }
        if let sectioned, sectioned.count != layout.count {
            throw .load(nil, message: "the library changed while it was read (sections hold \(sectioned.count) photos, the grid \(layout.count))")
        }
        let window: Range<Int>
        if let only {
            window = only.clamped(to: 0..<layout.count)
        } else {
            let visible = sectioned?.visibleCells(offset: viewport.offset, height: viewport.height)
                ?? layout.visibleCells(offset: viewport.offset, height: viewport.height)
            window = (visible.first ?? 0)..<((visible.last ?? -1) + 1)
        }
        func fetch(_ range: Range<Int>) throws(GalleryLoadError<E>) -> [GalleryPhoto] {
            let photos: [GalleryPhoto]
            do { photos = range.isEmpty ? [] : try load(range) } catch { throw .load(error) }
            guard photos.count == range.count else {
                throw .load(nil, message: "the library changed while it was read (expected \(range.count) rows, got \(photos.count))")
            }
            return photos
        }
        photos = try fetch(window)
        var extra: [Int: GalleryPhoto] = [:]
        if let also, (0..<layout.count).contains(also), !window.contains(also) {
            extra[also] = try fetch(also..<(also + 1)).first
        }
        extraPhotos = extra
        windowStart = window.lowerBound
        self.viewport = viewport
        self.configuration = configuration
        self.layout = layout
        self.sectioned = sectioned
        sectionTitles = sections?.map(\.title) ?? []
        justified = nil
    }

    /// The photo at grid position `index`, if loaded.
    func photo(at index: Int) -> GalleryPhoto? {
        let k = index - windowStart
        return photos.indices.contains(k) ? photos[k] : extraPhotos[index]
    }

    /// The cell geometry of grid position `index` showing `photo`.
    func cell(_ index: Int, _ photo: borrowing GalleryPhoto) -> CellGeometry {
        let size = Size(width: photo.pixelWidth, height: photo.pixelHeight)
        if let justified {
            return JustifiedPhotoGrid.cell(index, frame: justified.frame(of: index) ?? .zero, pixelSize: size)
        }
        return sectioned?.cell(index, imageSize: size) ?? layout.cell(index, imageSize: size)
    }

    /// Number of photos in the grid.
    public var count: Int { layout.count }

    /// Grid positions of the cells whose frames intersect the viewport, in order.
    public func visibleCells() -> [Int] {
        if let justified { return justified.visibleBoxes(offset: viewport.offset, height: viewport.height).map(\.index) }
        return sectioned?.visibleCells(offset: viewport.offset, height: viewport.height)
            ?? layout.visibleCells(offset: viewport.offset, height: viewport.height)
    }

    /// Largest accepted viewport side, in points.
    public static let maximumExtent = 1_000_000.0
    /// Smallest accepted viewport side, in points: a thousandth (a subnormal width once made a cell's
    /// aspect ratio infinite).
    public static let minimumExtent = 0.001

    /// A scroll offset is any finite number (above the top or past the end shows what is there).
    public static func validateOffset(_ offset: Double) throws(UsageError) {
        guard offset.isFinite else { throw UsageError(option: "offset", "must be a finite number (got \(offset))") }
    }

    /// Refuses a viewport (width, height, scale, offset) or grid configuration (row spacing, columns, header
    /// height) out of range, naming the first bad option.
    public static func validate(_ v: Viewport, _ c: GridConfiguration) throws(UsageError) {
        func check(_ value: Double, _ name: String) throws(UsageError) {
            guard value.isFinite, value >= minimumExtent, value <= maximumExtent else {
                throw UsageError(option: name, "must be a number from 0.001 to 1,000,000 (got \(value))")
            }
        }
        try check(v.width, "width")
        try check(v.height, "height")
        guard v.scale.isFinite, v.scale > 0, v.scale <= 16 else { throw UsageError(option: "scale", "must be greater than 0 and at most 16 (got \(v.scale))") }
        try validateOffset(v.offset)
        guard c.rowSpacing.isFinite, c.rowSpacing >= 0, c.rowSpacing <= maximumExtent else {
            throw UsageError(option: "row-spacing", "must be a number between 0 and 1,000,000 (got \(c.rowSpacing))")
        }
        guard !c.columns.isEmpty else { throw UsageError(option: "columns", separator: ": ", "at least one column is needed") }
        guard c.headerHeight.isFinite, c.headerHeight >= 0, c.headerHeight <= maximumExtent else {
            throw UsageError(option: "header-height", "must be a number between 0 and 1,000,000 (got \(c.headerHeight))")
        }
    }

    /// The layout document: cells visible in the viewport, or all cells; with sections, the sections
    /// it shows (their headers' natural frames), the pinned header and each cell's section.
    ///
    /// - Parameter thumbnail: names each cell's thumbnail (a server's URL); the photo's own
    ///   `thumbnail` (an export's path) when nil.
    /// - Parameter cellThumbnail: names a justified cell's thumbnail from its photo and frame (one that
    ///   fits the frame, `ThumbnailNames.cellName`); `thumbnail` names it when nil.
    public func layoutDocument(all: Bool, thumbnail: ((GalleryPhoto) -> String?)? = nil,
                               cellThumbnail: ((GalleryPhoto, Rect) -> String?)? = nil) -> LayoutDocument {
        if let justified { return justifiedDocument(justified, all: all, thumbnail: thumbnail, cellThumbnail: cellThumbnail) }
        let indices: [Int] = all ? Array(0..<layout.count) : visibleCells()
        var cells: [LayoutDocument.Cell] = []
        cells.reserveCapacity(indices.count)
        func add(_ i: Int, _ p: borrowing GalleryPhoto) {
            let g = cell(i, p)
            cells.append(LayoutDocument.Cell(index: i, id: p.id, path: p.path, pathBytes: p.pathBytes.flatMap(PathBytesField.base64IfNotUTF8), pixelWidth: p.pixelWidth, pixelHeight: p.pixelHeight,
                                             frame: g.frame, imageFrame: g.imageFrame, crop: g.crop, thumbnail: thumbnail.map { $0(p) } ?? p.thumbnail,
                                             section: sectioned?.section(containing: i), media: p.media, duration: p.duration,
                                             posterTime: p.posterTime))
        }
        // The window's photos are read in place (a copy of each would retain its strings again).
        for i in indices {
            let k = i - windowStart
            if photos.indices.contains(k) { add(i, photos[k]) } else if let p = extraPhotos[i] { add(i, p) }
        }
        guard let sectioned else {
            let grid = LayoutDocument.Grid(tracks: layout.tracks,
                                           rowSpacing: configuration.rowSpacing, rowCount: layout.rowCount,
                                           contentHeight: layout.contentHeight, count: layout.count)
            return LayoutDocument(viewport: viewport, grid: grid, cells: cells)
        }
        let grid = LayoutDocument.Grid(tracks: sectioned.tracks,
                                       rowSpacing: configuration.rowSpacing, rowCount: sectioned.rowCount,
                                       contentHeight: sectioned.contentHeight, count: sectioned.count)
        return sectionedDocument(grid: grid, cells: cells, all: all, sectionCount: sectioned.sectionCount,
                                 visibleHeaders: sectioned.visibleHeaders(offset: viewport.offset, height: viewport.height),
                                 pinned: sectioned.pinnedHeader(offset: viewport.offset)) { j in
            (sectioned.firstIndex(ofSection: j), sectioned.sectionCounts[j], sectioned.headerFrame(j))
        }
    }

    /// A document with sections: those it shows (every one with `all`; else the visible headers, the
    /// cells' sections and the pinned one), and the pinned header in viewport coordinates.
    func sectionedDocument(grid: LayoutDocument.Grid, cells: [LayoutDocument.Cell], all: Bool, sectionCount: Int,
                           visibleHeaders: [Int], pinned: (section: Int, frame: Rect)?,
                           section: (Int) -> (start: Int, count: Int, header: Rect)) -> LayoutDocument {
        var shown = Set(all ? Array(0..<sectionCount) : visibleHeaders)
        for c in cells { if let s = c.section { shown.insert(s) } }
        if let pinned { shown.insert(pinned.section) }
        let sections = shown.sorted().map { j in
            let (start, count, header) = section(j)
            return LayoutDocument.Section(index: j, title: sectionTitles[j], start: start, count: count, header: header)
        }
        return LayoutDocument(viewport: viewport, grid: grid, cells: cells, sections: sections,
                              pinned: pinned.map { LayoutDocument.Pinned(section: $0.section, frame: $0.frame.offsetBy(Point(x: 0, y: -viewport.offset))) })
    }

    /// The detail document for opening cell `index` at transition progress `progress`, optionally
    /// dragged; `thumbnail` names the photo's detail thumbnail (a server's URL).
    public func detailDocument(index: Int, progress: Double = 1, drag translation: Point? = nil,
                               thumbnail: ((GalleryPhoto) -> String?)? = nil) throws(UsageError) -> DetailDocument {
        guard count > 0, (0..<layout.count).contains(index) else { throw .noPhoto(at: index, count: layout.count) }
        guard progress.isFinite, (0...1).contains(progress) else { throw UsageError(option: "progress", "must be between 0 and 1 (got \(progress))") }
        if let t = translation, !(t.x.isFinite && t.y.isFinite && abs(t.x) <= Self.maximumExtent && abs(t.y) <= Self.maximumExtent) {
            throw UsageError(option: "drag", "must be two numbers DX,DY each between -1,000,000 and 1,000,000 (got \(t.x),\(t.y))")
        }
        guard let p = photo(at: index) else { throw UsageError("index \(index): that photo is not loaded") }
        if let justified, justified.frame(of: index) == nil {
            throw UsageError("index \(index) has no cell: it is past \(parameter: "max-rows") rows or a hidden widow", kind: .notFound)
        }
        let geometry = DetailGeometry(cell: cell(index, p), imageSize: Size(width: p.pixelWidth, height: p.pixelHeight),
                                      offset: viewport.offset, container: viewport.bounds, cellShapedMask: justified != nil)
        let frame = geometry.transition.frame(at: progress)
        let drag = translation.map { t in
            DetailDocument.Drag(translation: t, scale: DragToDismiss.scale(translation: t),
                                gridOpacity: DragToDismiss.gridOpacity(translation: t),
                                rendered: geometry.drag.renderedRect(translation: t))
        }
        var document = DetailDocument(index: index, id: p.id, path: p.path, pathBytes: p.pathBytes.flatMap(PathBytesField.base64IfNotUTF8), viewport: viewport, cell: geometry.cell,
                                      source: geometry.source, detail: geometry.detail, progress: progress,
                                      image: frame.image, mask: frame.mask, visible: frame.visible, drag: drag,
                                      thumbnail: thumbnail.flatMap { $0(p) })
        document.media = p.media
        document.duration = p.duration
        document.posterTime = p.posterTime
        return document
    }
}
