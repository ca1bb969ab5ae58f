import PhotoGridSupport
import GridLayout
public import PhotoLibrary

extension LayoutRequest {
    /// `photogrid zoom`: the pinch at viewport point `at` ("X,Y") from the columns `from` to the columns
    /// `to` (the `--columns` grammar), at this request's width, height and offset, with or without
    /// sections (the layout reference's §10.3). The library's count, sections and shown rows come from
    /// one snapshot. Square cells only.
    public func zoomDocument(from: String, to: String, at: String, database: LibraryLocation) throws -> ZoomDocument {
        if sizes != nil { return try zoomDocument(from: from, to: to, at: at, library: nil) }
        _ = try zoomSetup(from: from, to: to, at: at)  // bad values are reported before the database is opened
        return try zoomDocument(from: from, to: to, at: at, library: try Library.open(database))
    }

    /// The pinch point and the requests before and after, every value checked (a bad column set named
    /// by its own option, `from` or `to`).
    func zoomSetup(from: String, to: String, at: String) throws(UsageError) -> (point: Point, before: LayoutRequest, after: LayoutRequest) {
        let point = try PointSpec.parse(at, option: "at")
        guard cellStyle == PhotoCellStyle.square.rawValue else {
            throw UsageError("zoom needs \(parameter: "cell-style") square (the Photos grid)")
        }
        var before = self, after = self
        if var justified {
            // Justified rows pinch between two row heights.
            if justified.rowHeight != nil {
                throw UsageError(option: "row-height", "does not apply to zoom: give \(parameter: "from") and \(parameter: "to") row heights")
            }
            for (text, option) in [(from, "from"), (to, "to")] {
                guard let height = ColumnsSpec.number(text) else {
                    throw UsageError(option: option, separator: ": ", "'\(text)' is not a row height in points (with \(parameter: "justified"), zoom pinches between two row heights)")
                }
                justified.rowHeight = height
                if option == "from" { before.justified = justified } else { after.justified = justified }
                do { _ = try (option == "from" ? before : after).justifiedConfiguration() } catch {
                    throw error.renamingParameter("row-height", to: option)
                }
            }
        } else {
            before.columns = from
            after.columns = to
            for (request, option) in [(before, "from"), (after, "to")] {
                do { _ = try request.configuration() } catch {
                    throw error.renamingParameter("columns", to: option)
                }
            }
        }
        _ = try grouping()
        return (point, before, after)
    }

    /// `photogrid zoom` over `library` (nil with `--sizes`).
    public func zoomDocument(from: String, to: String, at: String, library: Library?) throws -> ZoomDocument {
        var (point, before, after) = try zoomSetup(from: from, to: to, at: at)
        if sizes != nil {
            let a = try before.galleryFromSizes(), b = try after.galleryFromSizes()
            let zoom = try Self.pinch(a, b, point)
            after.offset = zoom.offset
            return ZoomDocument(anchor: zoom.anchor, offset: zoom.offset, layout: try after.galleryFromSizes().layoutDocument(all: false))
        }
        let configurationA = try before.configuration(), configurationB = try after.configuration()
        let grouping = try grouping()
        guard let store = library?.store else { throw UsageError("zoom: give \(parameter: "db") FILE or \(parameter: "sizes")") }
        return try readGrid(store) { grid in
            let sections = try grouping.sections(grid)
            if after.justified != nil {
                // Justified rows: every photo's size decides the rows.
                let photos = try grid.entries().map(GalleryPhoto.init)
                let a = try GalleryLayout(photos: photos, viewport: before.viewport, configuration: configurationA, sections: sections,
                                          justified: try before.justifiedConfiguration())
                var b = try GalleryLayout(photos: photos, viewport: after.viewport, configuration: configurationB, sections: sections,
                                          justified: try after.justifiedConfiguration())
                let zoom = try Self.pinch(a, b, point)
                after.offset = zoom.offset
                b = try GalleryLayout(photos: photos, viewport: after.viewport, configuration: configurationB, sections: sections,
                                      justified: try after.justifiedConfiguration())
                return ZoomDocument(anchor: zoom.anchor, offset: zoom.offset, layout: b.layoutDocument(all: false))
            }
            let count = try grid.count()
            func gallery(_ request: LayoutRequest, _ configuration: GridConfiguration, load: Bool) throws -> GalleryLayout {
                try Self.windowedGallery(count: count, viewport: request.viewport, configuration: configuration,
                                         sections: sections, only: load ? nil : 0..<0, grid: grid)
            }
            let zoom = try Self.pinch(try gallery(before, configurationA, load: false),
                                      try gallery(after, configurationB, load: false), point)
            after.offset = zoom.offset
            return ZoomDocument(anchor: zoom.anchor, offset: zoom.offset,
                                layout: try gallery(after, configurationB, load: true).layoutDocument(all: false))
        }
    }

    /// The pinch from gallery `a` to gallery `b` (same photos) at viewport point `point`.
    static func pinch(_ a: GalleryLayout, _ b: GalleryLayout, _ point: Point) throws(UsageError) -> PinchZoom.Result {
        guard point.x >= 0, point.x <= a.viewport.width, point.y >= 0, point.y <= a.viewport.height else {
            throw UsageError(option: "at", "must lie in the viewport: X from 0 to the width, Y from 0 to the height (got \(point.x),\(point.y))")
        }
        func zoomable(_ g: GalleryLayout) -> any ZoomableGrid {
            if let justified = g.justified { return justified }
            if let sectioned = g.sectioned { return sectioned }
            return g.layout
        }
        let from = zoomable(a), to = zoomable(b)
        guard let result = PinchZoom.zoom(from: from, to: to, viewportHeight: a.viewport.height,
                                          offset: a.viewport.offset, at: point) else {
            throw UsageError("zoom: the grid has no photos")
        }
        return result
    }
}
