import GridLayout

extension GalleryLayout {
    /// The layout document of justified rows: the same shape as the square grid's. `grid.columns` is
    /// empty (rows have no columns), `rowSpacing` the vertical spacing, `rowCount` the rows of every
    /// section, `contentHeight` the stack's height; cells are the boxes meeting the viewport (every box
    /// with `all`; a photo without a box has no cell), each photo filling its box centred.
    func justifiedDocument(_ grid: JustifiedPhotoGrid, all: Bool, thumbnail: ((GalleryPhoto) -> String?)?,
                           cellThumbnail: ((GalleryPhoto, Rect) -> String?)?) -> LayoutDocument {
        let boxes = all ? grid.allBoxes() : grid.visibleBoxes(offset: viewport.offset, height: viewport.height)
        var cells: [LayoutDocument.Cell] = []
        cells.reserveCapacity(boxes.count)
        let sectioned = grid.headerHeight != nil
        for box in boxes {
            guard let p = photo(at: box.index) else { continue }
            let g = JustifiedPhotoGrid.cell(box.index, frame: box.frame, pixelSize: Size(width: p.pixelWidth, height: p.pixelHeight))
            cells.append(LayoutDocument.Cell(index: box.index, id: p.id, path: p.path, pathBytes: p.pathBytes.flatMap(PathBytesField.base64IfNotUTF8),
                                             pixelWidth: p.pixelWidth, pixelHeight: p.pixelHeight, frame: g.frame, imageFrame: g.imageFrame,
                                             crop: g.crop, thumbnail: cellThumbnail.map { $0(p, g.frame) } ?? thumbnail.map { $0(p) } ?? p.thumbnail,
                                             section: sectioned ? grid.section(containing: box.index) : nil, media: p.media,
                                             duration: p.duration, posterTime: p.posterTime))
        }
        let summary = LayoutDocument.Grid(grid)
        guard sectioned else { return LayoutDocument(viewport: viewport, grid: summary, cells: cells) }
        return sectionedDocument(grid: summary, cells: cells, all: all, sectionCount: grid.sectionCount,
                                 visibleHeaders: grid.visibleHeaders(offset: viewport.offset, height: viewport.height),
                                 pinned: grid.pinnedHeader(offset: viewport.offset)) { j in
            (grid.firstIndex(ofSection: j), grid.sectionCounts[j], grid.headerFrame(j) ?? .zero)
        }
    }
}

extension GalleryLayout {
    /// Justified rows laid out earlier (`JustifiedPhotoGrid(keptRows:…)`) holding the ratios of the photos
    /// `photos` (grid positions from `windowStart`): the window a visible-range answer reads.
    init(justified: JustifiedPhotoGrid, photos: [GalleryPhoto], windowStart: Int, viewport: Viewport,
         configuration: GridConfiguration, sectionTitles: [String]) throws(UsageError) {
        try GalleryLayout.validate(viewport, configuration)
        self.photos = photos
        self.windowStart = windowStart
        extraPhotos = [:]
        self.viewport = viewport
        self.configuration = configuration
        layout = PhotoGridLayout(width: viewport.width, grid: configuration.grid, squareCellCount: justified.count)
        sectioned = nil
        self.sectionTitles = sectionTitles
        self.justified = justified
    }
}
