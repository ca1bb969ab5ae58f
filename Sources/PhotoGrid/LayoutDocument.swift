public import GridLayout

/// What `photogrid layout` prints (`docs/json.md`, `docs/schemas/layout.schema.json`, version 1).
public struct LayoutDocument: Sendable, Hashable, Codable, JSONWritable {
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
    public struct Section: Sendable, Hashable, Codable, JSONWritable {
        public var index: Int
        public var title: String
        public var start: Int
        public var count: Int
        public var header: Rect

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("count"); w.value(count)
                w.key("header"); header.write(to: &w)
                w.key("index"); w.value(index)
                w.key("start"); w.value(start)
                w.key("title"); w.value(title)
            }
        }
    }

    /// The pinned header: its section and where it is drawn (viewport coordinates).
    public struct Pinned: Sendable, Hashable, Codable, JSONWritable {
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
    public struct Grid: Sendable, Hashable, Codable, JSONWritable {
        public var columns: [Column]
        public var rowSpacing: Double
        public var rowCount: Int
        public var contentHeight: Double
        public var count: Int

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
    public struct Column: Sendable, Hashable, Codable, JSONWritable {
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
    public struct Cell: Sendable, Hashable, Codable, JSONWritable {
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

        public func write(to w: inout JSONWriter) {
            w.beginObject()
            w.key("crop"); crop.write(to: &w)
            w.key("frame"); frame.write(to: &w)
            if let id { w.key("id"); w.value(Int(id)) }
            w.key("imageFrame"); imageFrame.write(to: &w)
            w.key("index"); w.value(index)
            if let path { w.key("path"); w.value(path) }
            if let pathBytes { w.key("pathBytes"); w.value(pathBytes) }
            w.key("pixelHeight"); w.value(pixelHeight)
            w.key("pixelWidth"); w.value(pixelWidth)
            if let section { w.key("section"); w.value(section) }
            if let thumbnail { w.key("thumbnail"); w.value(thumbnail) }
            w.endObject()
        }
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("cells"); w.array { w in for c in cells { c.write(to: &w) } }
            w.key("grid"); grid.write(to: &w)
            if let pinned { w.key("pinned"); pinned.write(to: &w) }
            if let sections { w.key("sections"); w.array { w in for s in sections { s.write(to: &w) } } }
            w.key("version"); w.value(version)
            w.key("viewport"); viewport.write(to: &w)
        }
    }
}
