public import GridLayout

/// What `photogrid layout` prints (`docs/json.md`, `docs/schemas/layout.schema.json`, version 1).
public struct LayoutDocument: Sendable, Hashable, Decodable, JSONWritable {
    public var version: Int = 1
    public var viewport: Viewport
    public var grid: Grid
    /// Cells whose frames intersect `[offset, offset + height)`, or all cells.
    public var cells: [Cell]
    /// With sections: those the document shows (a visible header or cell, or the pinned header).
    public var sections: [Section]?
    /// With sections: the header pinned at the top, in viewport coordinates (absent above the first).
    public var pinned: Pinned?

    public init(viewport: Viewport, grid: Grid, cells: [Cell], sections: [Section]? = nil, pinned: Pinned? = nil) {
        self.viewport = viewport
        self.grid = grid
        self.cells = cells
        self.sections = sections
        self.pinned = pinned
    }

    /// One section: its title, its photos' grid positions, its header's natural frame (content coordinates).
    public struct Section: Sendable, Hashable, Decodable, JSONWritable {
        public var index: Int
        /// The section's key: the day `2024-03-01`, month `2024-03` or year `2024` (`--sections`: 1, 2, …).
        public var title: String
        /// What a person reads: `Friday, 1 March 2024`, `March 2024`, `2024` (`SectionLabel`).
        public var label: String
        public var start: Int
        public var count: Int
        public var header: Rect

        public init(index: Int, title: String, start: Int, count: Int, header: Rect) {
            self.index = index
            self.title = title
            self.label = SectionLabel.label(for: title)
            self.start = start
            self.count = count
            self.header = header
        }

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("count"); w.value(count)
                w.key("header"); header.write(to: &w)
                w.key("index"); w.value(index)
                w.key("label"); w.value(label)
                w.key("start"); w.value(start)
                w.key("title"); w.value(title)
            }
        }
    }

    /// The pinned header: its section and where it is drawn (viewport coordinates).
    public struct Pinned: Sendable, Hashable, Decodable, JSONWritable {
        public var section: Int
        public var frame: Rect

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("frame"); frame.write(to: &w)
                w.key("section"); w.value(section)
            }
        }
    }

    /// The grid as a whole.
    public struct Grid: Sendable, Hashable, Decodable, JSONWritable {
        public var columns: [Column]
        public var rowSpacing: Double
        public var rowCount: Int
        public var contentHeight: Double
        public var count: Int

        /// The square grid of `tracks` (their columns) and its rows.
        public init(tracks: [GridTrack], rowSpacing: Double, rowCount: Int, contentHeight: Double, count: Int) {
            (columns, self.rowSpacing, self.rowCount) = (tracks.map { Column(x: $0.x, width: $0.width) }, rowSpacing, rowCount)
            (self.contentHeight, self.count) = (contentHeight, count)
        }

        /// Justified rows (no columns; their rows' vertical spacing).
        public init(_ rows: JustifiedPhotoGrid) {
            (columns, rowSpacing, rowCount) = ([], rows.configuration.boxSpacing.vertical, rows.rowCount)
            (contentHeight, count) = (rows.contentHeight, rows.count)
        }

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("columns"); w.array { w in for c in columns { c.write(to: &w) } }
                w.key("contentHeight"); w.value(contentHeight)
                w.key("count"); w.value(count)
                w.key("rowCount"); w.value(rowCount)
                w.key("rowSpacing"); w.value(rowSpacing)
            }
        }
    }

    /// One column track.
    public struct Column: Sendable, Hashable, Decodable, JSONWritable {
        public var x: Double
        public var width: Double

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("width"); w.value(width)
                w.key("x"); w.value(x)
            }
        }
    }

    /// One cell: frames in content coordinates, crop in display pixels.
    public struct Cell: Sendable, Hashable, Decodable, JSONWritable {
        public var index: Int
        public var id: Int64?
        public var path: String?
        /// Base64 of the path's bytes, present when they are not valid UTF-8.
        public var pathBytes: String?
        public var pixelWidth: Double
        public var pixelHeight: Double
        public var frame: Rect
        public var imageFrame: Rect
        public var crop: Rect
        public var thumbnail: String?
        /// With sections: the section the cell belongs to.
        public var section: Int? = nil
        /// `video` or `live` for a row that is not a photo (absent for a photo); a video's duration in
        /// seconds, when known.
        public var media: String? = nil
        public var duration: Double? = nil
        /// A video's poster frame time in seconds (what its thumbnails show), when known.
        public var posterTime: Double? = nil

        public func write(to w: inout JSONWriter) { LayoutDocument.writeCell(self, to: &w) }

        var hasPath: Bool { path != nil }
        func writePath(to w: inout JSONWriter) { w.value(path ?? "") }
        var hasThumbnail: Bool { thumbnail != nil }
        func writeThumbnail(to w: inout JSONWriter) { w.value(thumbnail ?? "") }
    }

    /// Writes one cell's members in order, from a `Cell` or from values read in place: the one place a
    /// cell's shape is written.
    @inline(__always)
    static func writeCell(_ cell: borrowing some LayoutCellValues & ~Copyable, to w: inout JSONWriter) {
        // The pieces a picture's size and a column decide (crop, a rectangle up to its y, pixel size) are
        // copied when the writer keeps them (`JSONWriter.piece`).
        w.beginObject()
        let crop = cell.crop
        w.piece(.crop, crop.height.bitPattern, crop.width.bitPattern, crop.x.bitPattern, crop.y.bitPattern) { w in
            w.key("crop"); crop.write(to: &w)
        }
        if let duration = cell.duration { w.key("duration"); w.value(duration) }
        w.key("frame")
        let frame = cell.frame, frameStart = w.position
        w.piece(.rectHead, frame.height.bitPattern, frame.width.bitPattern, frame.x.bitPattern) { w in
            w.rectHead(height: frame.height, width: frame.width, x: frame.x, rememberingRow: true)
        }
        w.rectY(frame.y, rememberingRow: true)
        let frameBytes = frameStart..<w.position
        if let id = cell.id { w.key("id"); w.value(Int(id)) }
        w.key("imageFrame")
        let imageFrame = cell.imageFrame
        // Justified cells and fitted ones show the whole picture: the same rectangle (to the bit: -0 is
        // written "-0"), its bytes copied.
        if imageFrame.x.bitPattern == frame.x.bitPattern && imageFrame.y.bitPattern == frame.y.bitPattern
            && imageFrame.width.bitPattern == frame.width.bitPattern && imageFrame.height.bitPattern == frame.height.bitPattern {
            w.repeatValue(writtenAt: frameBytes)
        } else {
            w.piece(.rectHead, imageFrame.height.bitPattern, imageFrame.width.bitPattern, imageFrame.x.bitPattern) { w in
                w.rectHead(height: imageFrame.height, width: imageFrame.width, x: imageFrame.x)
            }
            w.rectY(imageFrame.y)
        }
        w.key("index"); w.value(cell.index)
        if let media = cell.media { w.key("media"); w.value(media) }
        if cell.hasPath { w.key("path"); cell.writePath(to: &w) }
        if let pathBytes = cell.pathBytes { w.key("pathBytes"); w.value(pathBytes) }
        let pixelHeight = cell.pixelHeight, pixelWidth = cell.pixelWidth
        w.piece(.pixelSize, pixelHeight.bitPattern, pixelWidth.bitPattern) { w in
            w.key("pixelHeight"); w.value(pixelHeight)
            w.key("pixelWidth"); w.value(pixelWidth)
        }
        if let posterTime = cell.posterTime { w.key("posterTime"); w.value(posterTime) }
        if let section = cell.section { w.key("section"); w.value(section) }
        if cell.hasThumbnail { w.key("thumbnail"); cell.writeThumbnail(to: &w) }
        w.endObject()
    }

    public func write(to w: inout JSONWriter) {
        Self.write(to: &w, grid: grid, pinned: pinned, sections: sections, version: version, viewport: viewport) { w in
            for c in cells { c.write(to: &w) }
        }
    }

    /// Writes a document's members in order, its cells by `cells`: the one place a layout document's
    /// shape is written (`write(to:)`, and a window written from a grid snapshot in place).
    @inline(__always)
    static func write(to w: inout JSONWriter, grid: Grid, pinned: Pinned?, sections: [Section]?, version: Int, viewport: Viewport,
                      cells: (inout JSONWriter) -> Void) {
        w.beginObject()
        w.key("cells"); w.array(cells)
        w.key("grid"); grid.write(to: &w)
        if let pinned { w.key("pinned"); pinned.write(to: &w) }
        if let sections { w.key("sections"); w.array { w in for s in sections { s.write(to: &w) } } }
        w.key("version"); w.value(version)
        w.key("viewport"); viewport.write(to: &w)
        w.endObject()
    }
}

/// The values a layout document's cell is written from (`LayoutDocument.writeCell`): a `Cell`, or a
/// grid snapshot's photo read in place, whose path and thumbnail URL are written without a String.
protocol LayoutCellValues: ~Copyable {
    var index: Int { get }
    var id: Int64? { get }
    var pixelWidth: Double { get }
    var pixelHeight: Double { get }
    var frame: Rect { get }
    var imageFrame: Rect { get }
    var crop: Rect { get }
    var section: Int? { get }
    /// `video` or `live` (nil for a photo); a video's duration in seconds.
    var media: String? { get }
    var duration: Double? { get }
    /// A video's poster frame time in seconds.
    var posterTime: Double? { get }
    /// Base64 of the path's bytes, when they are not valid UTF-8.
    var pathBytes: String? { get }
    var hasPath: Bool { get }
    /// Writes the path as a string value.
    func writePath(to w: inout JSONWriter)
    var hasThumbnail: Bool { get }
    /// Writes the thumbnail's name or URL as a string value.
    func writeThumbnail(to w: inout JSONWriter)
}

extension LayoutDocument.Cell: LayoutCellValues {}
