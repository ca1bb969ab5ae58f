public import GridLayout

/// What `photogrid detail I` prints (`docs/json.md`, `docs/schemas/detail.schema.json`, version 1): the geometry of
/// opening cell I, in viewport coordinates (content y minus offset).
public struct DetailDocument: Sendable, Hashable, Decodable, JSONWritable {
    public var version: Int = 1
    public var index: Int
    public var id: Int64?
    public var path: String?
    /// Base64 of the path's bytes, present when they are not valid UTF-8.
    public var pathBytes: String?
    public var viewport: Viewport
    /// The cell's frame.
    public var cell: Rect
    /// The cell image's fill rect: the matched-geometry source.
    public var source: Rect
    /// The detail image's fit rect in the viewport.
    public var detail: Rect
    /// Transition progress p (0 = grid, 1 = detail).
    public var progress: Double
    /// The image rect at p.
    public var image: Rect
    /// The mask square at p.
    public var mask: Rect
    /// `image ∩ mask`.
    public var visible: Rect
    /// Present with `--drag`.
    public var drag: Drag?
    /// The detail thumbnail's URL (from a server only).
    public var thumbnail: String?
    /// `video` or `live` for a row that is not a photo (absent for a photo); a video's duration in seconds.
    public var media: String? = nil
    public var duration: Double? = nil
    /// A video's poster frame time in seconds, when known.
    public var posterTime: Double? = nil

    /// The detail being dragged by `translation`.
    public struct Drag: Sendable, Hashable, Decodable, JSONWritable {
        public var translation: Point
        public var scale: Double
        public var gridOpacity: Double
        /// Where the photo is drawn: offset, then scaled about the fit rect's centre.
        public var rendered: Rect

        public func write(to w: inout JSONWriter) {
            w.object { w in
                w.key("gridOpacity"); w.value(gridOpacity)
                w.key("rendered"); rendered.write(to: &w)
                w.key("scale"); w.value(scale)
                w.key("translation"); translation.write(to: &w)
            }
        }
    }

    public func write(to w: inout JSONWriter) {
        w.object { w in
            w.key("cell"); cell.write(to: &w)
            w.key("detail"); detail.write(to: &w)
            if let drag { w.key("drag"); drag.write(to: &w) }
            if let duration { w.key("duration"); w.value(duration) }
            if let id { w.key("id"); w.value(Int(id)) }
            w.key("image"); image.write(to: &w)
            w.key("index"); w.value(index)
            w.key("mask"); mask.write(to: &w)
            if let media { w.key("media"); w.value(media) }
            if let path { w.key("path"); w.value(path) }
            if let pathBytes { w.key("pathBytes"); w.value(pathBytes) }
            if let posterTime { w.key("posterTime"); w.value(posterTime) }
            w.key("progress"); w.value(progress)
            w.key("source"); source.write(to: &w)
            if let thumbnail { w.key("thumbnail"); w.value(thumbnail) }
            w.key("version"); w.value(version)
            w.key("viewport"); viewport.write(to: &w)
            w.key("visible"); visible.write(to: &w)
        }
    }
}
