/// A photo as the grid needs it: id, path (display text and bytes), display (oriented) pixel size, and
/// for a video its kind, duration and poster time.
public struct GridEntry: Sendable, Hashable {
    public var id: Int64
    public var path: String
    /// The path exactly as the file system spells it (`path` shows invalid UTF-8 as U+FFFD).
    public var pathBytes: [UInt8]
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The photo's content key (what names its thumbnails), when it has one.
    public var contentKey: String?
    /// A photo, a video or a Live Photo; a video's duration in seconds, when known.
    public var media: MediaKind
    public var duration: Double?
    /// A video's poster frame time in seconds, when known (nil for photos and Live Photos).
    public var posterTime: Double?

    public init(id: Int64, path: String, pathBytes: [UInt8]? = nil, pixelWidth: Int, pixelHeight: Int, contentKey: String? = nil,
                media: MediaKind = .photo, duration: Double? = nil, posterTime: Double? = nil) {
        self.contentKey = contentKey
        self.media = media
        self.duration = duration
        self.posterTime = posterTime
        self.id = id
        self.path = path
        self.pathBytes = pathBytes ?? Array(path.utf8)
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}
