/// Totals over a library, for `photogrid stats`.
public struct LibraryCounts: Sendable, Equatable {
    /// All rows.
    public var photos: Int
    public var ok: Int
    public var errors: Int
    public var missing: Int
    /// Ok rows whose EXIF orientation is not 1 (stored sideways or mirrored).
    public var reoriented: Int
    /// Ok rows with a progressive frame.
    public var progressive: Int
    /// Ok rows with an EXIF DateTimeOriginal.
    public var withTakenAt: Int
    /// Sum of the file sizes of ok rows, bytes.
    public var okBytes: Int64
    /// Ok rows per colour space name (grayscale, ycbcr, cmyk, …).
    public var colorSpaces: [String: Int]
    /// Ok rows per format (jpeg, png, webp, heic, avif).
    public var formats: [String: Int] = [:]
    /// Grid items per media kind (`photo`, `video`, `live`): ok rows, a Live Photo counted once (its movie is not).
    public var media: [String: Int] = [:]
    /// Earliest and latest grid sort key of ok rows (nil when there are none).
    public var earliest: String?
    public var latest: String?

    public init(photos: Int = 0, ok: Int = 0, errors: Int = 0, missing: Int = 0, reoriented: Int = 0,
                progressive: Int = 0, withTakenAt: Int = 0, okBytes: Int64 = 0, colorSpaces: [String: Int] = [:],
                earliest: String? = nil, latest: String? = nil) {
        self.photos = photos; self.ok = ok; self.errors = errors; self.missing = missing
        self.reoriented = reoriented; self.progressive = progressive; self.withTakenAt = withTakenAt
        self.okBytes = okBytes; self.colorSpaces = colorSpaces; self.earliest = earliest; self.latest = latest
    }
}
