import GridLayout

/// What `photogrid zoom` prints (`docs/json.md`): the anchor photo of a pinch between two column sets,
/// the new offset, and the layout document at that offset with the new columns.
public struct ZoomDocument: Sendable, Hashable, Decodable, JSONWritable {
    public var version: Int = 1
    /// Grid position of the photo under the pinch point.
    public var anchor: Int
    /// The new scroll offset (content y at the viewport's top) with the new columns.
    public var offset: Double
    public var layout: LayoutDocument

    public init(anchor: Int, offset: Double, layout: LayoutDocument) {
        self.anchor = anchor
        self.offset = offset
        self.layout = layout
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("anchor"); w.value(anchor)
            w.key("layout"); layout.write(to: &w)
            w.key("offset"); w.value(offset)
            w.key("version"); w.value(version)
        }
    }
}
