import PhotoGridSupport
public import GridLayout
public import PhotoLibrary

/// A layout question as the command line asks it, before validation: flag values as given.
public struct LayoutRequest: Sendable, Hashable {
    /// `--sizes` (display pixel sizes `WxH,…`); `nil` reads the library.
    public var sizes: String?
    public var width: Double
    public var height: Double
    public var offset: Double
    public var scale: Double
    /// `--columns` grammar of `ColumnsSpec`.
    public var columns: String
    public var rowSpacing: Double
    /// `square`, `resizable` or `fit` (`PhotoCellStyle`).
    public var cellStyle: String
    /// `none`, `day`, `month` or `year` (`GalleryGrouping`): sections of the library's photos.
    public var group: String
    /// `--sections N,N,…` with `--sizes`: consecutive sections of those counts, titled 1, 2, ….
    public var sections: String?
    /// Height of a section header in points.
    public var headerHeight: Double
    /// The arrangement: nil for the square grid (`--columns`), else justified rows and their options (`--justified`).
    public var justified: JustifiedRequest?
    /// Photos left out of the grid (by row id): the copies `hide=copies` hides.
    public var hiddenPhotos: Set<Int64> = []

    public init(sizes: String? = nil, width: Double, height: Double = 759, offset: Double = 0, scale: Double = 3,
                columns: String = "adaptive:100/3", rowSpacing: Double = 3, cellStyle: String = "square",
                group: String = "none", sections: String? = nil, headerHeight: Double = 44, justified: JustifiedRequest? = nil) {
        self.justified = justified
        self.group = group
        self.sections = sections
        self.headerHeight = headerHeight
        self.sizes = sizes
        self.width = width
        self.height = height
        self.offset = offset
        self.scale = scale
        self.columns = columns
        self.rowSpacing = rowSpacing
        self.cellStyle = cellStyle
    }

    /// The validated viewport.
    public var viewport: Viewport { Viewport(width: width, height: height, offset: offset, scale: scale) }

    /// The validated grid configuration.
    public func configuration() throws(UsageError) -> GridConfiguration {
        guard let style = PhotoCellStyle(rawValue: cellStyle) else {
            throw UsageError(option: "cell-style", separator: ": ", "'\(cellStyle)' is not one of \(PhotoCellStyle.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return GridConfiguration(columns: try ColumnsSpec.parse(columns), rowSpacing: rowSpacing, cellStyle: style,
                                 headerHeight: headerHeight)
    }

    /// The validated justified-rows options for this width; nil for the square grid. The square grid's
    /// own options (`--columns`, `--row-spacing`, `--cell-style`) do not apply to justified rows.
    public func justifiedConfiguration() throws(UsageError) -> JustifiedConfiguration? {
        guard let justified else { return nil }
        let square = LayoutRequest(width: width)
        for (given, option) in [(columns != square.columns, "columns"), (rowSpacing != square.rowSpacing, "row-spacing"),
                                (cellStyle != square.cellStyle, "cell-style")] where given {
            throw UsageError(option: option, "applies to the square grid, not to justified rows (give \(parameter: "row-height") and \(parameter: "spacing"))")
        }
        return try justified.configuration(width: width)
    }

    /// The validated grouping (`--group`).
    public func grouping() throws(UsageError) -> GalleryGrouping {
        guard let grouping = GalleryGrouping(rawValue: group) else {
            throw UsageError(option: "group", separator: ": ", "'\(group)' is not one of \(GalleryGrouping.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if grouping != .none && sizes != nil {
            throw UsageError(option: "group", "applies to a library; with \(parameter: "sizes"), give \(parameter: "sections") N,N,… instead")
        }
        if sections != nil && sizes == nil {
            throw UsageError(option: "sections", "applies with \(parameter: "sizes"); a library is grouped with \(parameter: "group") day|month|year")
        }
        return grouping
    }

    /// `--sections` parsed: positive counts, titled 1, 2, …; nil without it.
    func sizesSections() throws(UsageError) -> [GallerySection]? {
        guard let sections else { return nil }
        var result: [GallerySection] = []
        for (k, part) in sections.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            guard let count = Int(part), count > 0 else {
                throw UsageError(option: "sections", separator: ": ", "'\(part)' is not a positive whole number (give N,N,… photo counts)")
            }
            result.append(GallerySection(title: "\(k + 1)", count: count))
        }
        return result
    }

    /// The gallery for `--sizes`.
    public func galleryFromSizes() throws(UsageError) -> GalleryLayout {
        guard let sizes else { throw UsageError("give \(parameter: "sizes") WxH,... (or index a folder and use \(parameter: "db"))") }
        _ = try grouping()
        let photos = try SizesSpec.parse(sizes).map { GalleryPhoto(pixelWidth: $0.width, pixelHeight: $0.height) }
        return try GalleryLayout(photos: photos, viewport: viewport, configuration: try configuration(),
                                 sections: try sizesSections(), justified: try justifiedConfiguration())
    }

    /// `--drag DX,DY` parsed.
    public static func dragTranslation(_ text: String?) throws(UsageError) -> Point? {
        guard let text else { return nil }
        return try PointSpec.parse(text)
    }
}

extension LayoutRequest {
    /// The gallery for this request: `--sizes` when given, else the library database at `database`.
    ///
    /// From a library, square cells read only what is asked: the visible window (or the one photo
    /// `detailIndex`) after a count; `--all` and the other cell styles read every grid row.
    /// Throws `UsageError` for bad flags or an unknown index, `LibraryError` for database problems.
    /// With `alsoVisible`, a gallery loaded for `detailIndex` also holds the visible cells (for pictures).
    public func gallery(database: LibraryLocation, all: Bool = false, detailIndex: Int? = nil, alsoVisible: Bool = false) throws -> GalleryLayout {
        if sizes != nil { return try galleryFromSizes() }
        _ = try configuration()
        _ = try grouping()  // a bad flag is reported before the database is opened
        _ = try justifiedConfiguration()
        return try gallery(library: try Library.open(database), all: all, detailIndex: detailIndex, alsoVisible: alsoVisible)
    }

    /// The gallery for this request from `library` (`--sizes` when given).
    public func gallery(library: Library, all: Bool = false, detailIndex: Int? = nil, alsoVisible: Bool = false) throws -> GalleryLayout {
        if sizes != nil { return try galleryFromSizes() }
        let configuration = try configuration()
        let grouping = try grouping()
        let justified = try justifiedConfiguration()
        let store = library.store
        let kept = justified.map { KeptJustifiedRows($0, headerHeight: configuration.headerHeight, grouping: grouping) }
        var toKeep: (version: Int, bytes: [UInt8])?
        // The count and every row come from one snapshot: an index run committing meanwhile is seen
        // wholly or not at all.
        let gallery = try readGrid(store) { grid in
            let sections = try grouping.sections(grid)
            if let justified, let kept {
                // Row breaks depend on every photo before them: a visible range reads the rows kept for
                // this grid version, else the sizes of all are read and the rows kept for the next question.
                if !all, detailIndex == nil,
                   let windowed = try kept.gallery(grid: grid, sections: sections, viewport: viewport, gridConfiguration: configuration) {
                    return windowed
                }
                let photos = try grid.entries().map(GalleryPhoto.init)
                if let detailIndex, !photos.indices.contains(detailIndex) { throw UsageError.noPhoto(at: detailIndex, count: photos.count) }
                let gallery = try GalleryLayout(photos: photos, viewport: viewport, configuration: configuration, sections: sections,
                                                justified: justified)
                if !store.isReadOnly { toKeep = try kept.toKeep(gallery, grid: grid) }
                return gallery
            }
            if configuration.cellStyle == .square && !all || sections != nil {
                let count = try grid.count()
                if let detailIndex, !(0..<count).contains(detailIndex) {
                    throw UsageError.noPhoto(at: detailIndex, count: count)
                }
                return try Self.windowedGallery(count: count, viewport: viewport, configuration: configuration, sections: sections,
                                                only: all ? 0..<count : alsoVisible ? nil : detailIndex.map { $0..<($0 + 1) },
                                                also: detailIndex, grid: grid)
            }
            let photos = try grid.entries().map(GalleryPhoto.init)
            return try GalleryLayout(photos: photos, viewport: viewport, configuration: configuration)
        }
        // Kept after the snapshot ends; a library that cannot take it (busy, full) answers all the same.
        if let kept, let toKeep { try? store.keepLayout(key: kept.key, gridVersion: toKeep.version, bytes: toKeep.bytes) }
        return gallery
    }
}

extension LayoutRequest {
    /// A square-cell gallery of the library's `count` photos that loads only the rows it shows (see
    /// `GalleryLayout.init(count:…)`) from `grid`'s snapshot; its errors as the caller throws them.
    static func windowedGallery(count: Int, viewport: Viewport, configuration: GridConfiguration,
                                sections: [GallerySection]?, only: Range<Int>?, also: Int? = nil,
                                grid: any GridWindowReader) throws -> GalleryLayout {
        do throws(GalleryLoadError<LibraryError>) {
            return try GalleryLayout(count: count, viewport: viewport, configuration: configuration, sections: sections,
                                     only: only, also: also) { (range: Range<Int>) throws(LibraryError) in
                try grid.entries(range).map(GalleryPhoto.init)
            }
        } catch {
            switch error {
            case let .usage(usage): throw usage
            case let .load(library?, _): throw library
            case .load(nil, _): throw error
            }
        }
    }
}

extension GalleryPhoto {
    /// A library row as the gallery lays it out.
    init(_ entry: GridEntry) {
        self.init(id: entry.id, path: entry.path,
                  pathBytes: entry.path.utf8.elementsEqual(entry.pathBytes) ? nil : entry.pathBytes,
                  pixelWidth: Double(entry.pixelWidth), pixelHeight: Double(entry.pixelHeight), contentKey: entry.contentKey)
        if entry.media != .photo {
            media = entry.media.rawValue
            duration = entry.duration
            posterTime = entry.posterTime
        }
    }
}
