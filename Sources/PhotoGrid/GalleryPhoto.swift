/// One photo as the gallery lays it out: its identity (absent for `--sizes`), its display pixel size,
/// and its grid thumbnail when one was exported.
public struct GalleryPhoto: Sendable, Hashable {
    /// Library row id (absent when laying out `--sizes`).
    public var id: Int64?
    /// Path relative to the indexed folder (absent for `--sizes`), for display: invalid UTF-8 as U+FFFD.
    public var path: String?
    /// The same path's bytes as the file system spells them, when they are not valid UTF-8 (`path`
    /// then shows each invalid byte as U+FFFD); absent when `path`'s UTF-8 is them, and for `--sizes`.
    public var pathBytes: [UInt8]?
    /// Display (oriented) pixel width.
    public var pixelWidth: Double
    /// Display (oriented) pixel height.
    public var pixelHeight: Double
    /// Thumbnail path relative to the layout document (export only).
    public var thumbnail: String?
    /// The library photo's content key (absent for `--sizes`): what a server names its thumbnails by.
    public var contentKey: String?
    /// `video` or `live` for a row that is not a photo (nil for a photo, and for `--sizes`); a video's
    /// duration in seconds, when known.
    public var media: String?
    public var duration: Double?
    /// A video's poster frame time in seconds, when known.
    public var posterTime: Double?

    public init(id: Int64? = nil, path: String? = nil, pathBytes: [UInt8]? = nil, pixelWidth: Double, pixelHeight: Double,
                thumbnail: String? = nil, contentKey: String? = nil) {
        self.contentKey = contentKey
        self.id = id
        self.path = path
        self.pathBytes = pathBytes
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.thumbnail = thumbnail
    }
}
