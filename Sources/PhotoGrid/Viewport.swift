public import GridLayout

/// The screen a layout is computed for: width and height in points, scroll offset, display scale.
public struct Viewport: Sendable, Hashable, Decodable, JSONWritable {
    public var width: Double
    public var height: Double
    /// Content y at the viewport's top edge.
    public var offset: Double
    /// Device pixels per point (3 on recent iPhones): thumbnails are cell points × scale pixels.
    public var scale: Double

    public init(width: Double, height: Double = 759, offset: Double = 0, scale: Double = 3) {
        self.width = width
        self.height = height
        self.offset = offset
        self.scale = scale
    }

    /// The viewport's own rectangle, origin at its top-left: the container of the detail view.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("height"); w.value(height)
            w.key("offset"); w.value(offset)
            w.key("scale"); w.value(scale)
            w.key("width"); w.value(width)
        }
    }
}

extension Rect: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.rect(height: height, width: width, x: x, y: y)
    }
}

extension Point: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("x"); w.value(x)
            w.key("y"); w.value(y)
        }
    }
}
