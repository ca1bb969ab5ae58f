import GridLayout
import PhotoLibrary

/// Justified rows kept in the library between processes (`KeptLayoutStore`, Migrations/0017): a
/// visible-range question reads the rows kept for its options and grid version, then only the photos of
/// the rows it shows — not every photo, on which row breaks depend. The first question for a grid version
/// and options lays out the whole grid and keeps its rows (`toKeep`).
struct KeptJustifiedRows {
    /// Names the options and photogrid's version (a later engine may break rows otherwise).
    let key: String
    let configuration: JustifiedConfiguration
    /// Header height with sections; nil without.
    let headerHeight: Double?

    init(_ configuration: JustifiedConfiguration, headerHeight: Double, grouping: GalleryGrouping) {
        self.configuration = configuration
        self.headerHeight = grouping == .none ? nil : headerHeight
        key = "justified-rows \(PhotoGridVersion.current) group=\(grouping.rawValue) header=\(self.headerHeight.map { "\($0)" } ?? "none") \(configuration)"
    }

    /// The gallery of the visible range from the rows kept for this grid version; nil when none are kept
    /// (or they do not fit the grid's sections).
    func gallery(grid: any GridWindowReader, sections: [GallerySection]?, viewport: Viewport,
                 gridConfiguration: GridConfiguration) throws -> GalleryLayout? {
        let counts: [Int]
        if let sections { counts = sections.map(\.count).filter { $0 > 0 } } else {
            let count = try grid.count()
            counts = count > 0 ? [count] : []
        }
        guard let rows = try grid.keptLayout(key: key, { bytes in
            JustifiedPhotoGrid(keptRows: bytes, configuration: configuration, headerHeight: headerHeight, sectionCounts: counts)
        }) else { return nil }
        let read = rows.photosRead(offset: viewport.offset, height: viewport.height)
        let photos = try read.isEmpty ? [] : grid.entries(read).map(GalleryPhoto.init)
        guard photos.count == read.count else {
            throw GalleryLoadError<LibraryError>.load(nil, message: "the library changed while it was read (expected \(read.count) rows, got \(photos.count))")
        }
        return try GalleryLayout(justified: rows.reading(ratios: photos.map { $0.pixelWidth / $0.pixelHeight }, from: read.lowerBound),
                                 photos: photos, windowStart: read.lowerBound, viewport: viewport, configuration: gridConfiguration,
                                 sectionTitles: sections?.map(\.title) ?? [])
    }

    /// What to keep of `gallery`'s rows, laid out from `grid` (nil for a grid that is not the store's own).
    func toKeep(_ gallery: GalleryLayout, grid: any GridWindowReader) throws -> (version: Int, bytes: [UInt8])? {
        guard let rows = gallery.justified, let version = try grid.version() else { return nil }
        return (version, rows.keptRows)
    }
}
