import GridLayout

/// What `photogrid layout` prints (`docs/json.md`, `docs/schemas/layout.schema.json`, version 1).
public struct LayoutDocument: Sendable, Hashable, Codable, JSONWritable {
    public var version: Int = 1
    public var viewport: Viewport
    public var grid: Grid
    /// Cells whose frames intersect `[offset, offset + height)`, or all cells.
    public var cells: [Cell]

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

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("crop"); crop.write(to: &w)
                w.key("frame"); frame.write(to: &w)
                if let id { w.key("id"); w.value(Int(id)) }
                w.key("imageFrame"); imageFrame.write(to: &w)
                w.key("index"); w.value(index)
                if let path { w.key("path"); w.value(path) }
                if let pathBytes { w.key("pathBytes"); w.value(pathBytes) }
                w.key("pixelHeight"); w.value(pixelHeight)
                w.key("pixelWidth"); w.value(pixelWidth)
                if let thumbnail { w.key("thumbnail"); w.value(thumbnail) }
            }
        }
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("cells"); w.array { w in for c in cells { c.write(to: &w) } }
            w.key("grid"); grid.write(to: &w)
            w.key("version"); w.value(version)
            w.key("viewport"); viewport.write(to: &w)
        }
    }
}
