/// One row of the photo index.
public struct Photo: Sendable, Equatable, Identifiable {
    /// Stable row id: kept across rescans, edits and moves.
    public var id: Int64
    /// The path relative to the library folder, exactly as the file system spells it.
    public var pathBytes: [UInt8]
    /// The path for display (UTF-8 decoded; invalid bytes shown as U+FFFD).
    public var path: String
    public var status: PhotoStatus
    /// Why the file could not be read (status `.error` only).
    public var error: String?
    /// File size in bytes when last indexed.
    public var fileSize: Int64
    /// File modification time when last indexed, nanoseconds since the Unix epoch.
    public var modificationTimeNanoseconds: Int64
    /// `<size>-<16 hex digits>`: file size and the probe's digest of the first bytes (nil on error rows).
    public var contentKey: String?
    /// Size as stored (the JPEG frame header, PNG IHDR, WebP header, HEIF image after its container's
    /// transforms), before EXIF orientation.
    public var storedWidth: Int?
    public var storedHeight: Int?
    /// Display size: the stored size, swapped for EXIF orientations 5–8.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// EXIF orientation 1...8.
    public var orientation: Int?
    /// Colour components (1, 3 or 4).
    public var components: Int?
    /// The stored colour model: libjpeg's names for JPEG (grayscale, rgb, ycbcr, cmyk, ycck, unknown);
    /// grayscale or rgb (also a palette) for PNG; ycbcr (lossy) or rgb (lossless) for WebP; ycbcr for HEIF.
    public var colorSpace: String?
    public var isProgressive: Bool?
    /// EXIF DateTimeOriginal, `YYYY-MM-DDTHH:MM:SS` local time.
    public var takenAt: String?
    /// The grid order key: `takenAt`, else the mtime in UTC in the same form.
    public var sortKey: String
    /// When an index run first created the row (UTC, `…Z`).
    public var firstSeen: String
    /// Start of the last completed index run that found the file at its path (UTC, `…Z`).
    public var lastSeen: String
    /// The format the file was read as (`jpeg`, `png`, `webp`, `heic`, `avif`); for an error row, the
    /// format its first bytes (else its name) claim.
    public var format: String
    /// What the row is: a photo, a video (`mov`, `mp4`), or a Live Photo.
    public var media: MediaKind = .photo
    /// A video's duration in seconds (nil for photos, and when the file does not say).
    public var duration: Double?
    /// A video's codec as FFmpeg names it (`h264`, `hevc`); nil for photos.
    public var codec: String?
    /// A video's poster frame time in seconds from its start (`ffmpeg -ss` gives that frame).
    public var posterTime: Double?
    /// Apple's Live Photo identifier (photo maker note, movie metadata), when the file carries one.
    public var contentIdentifier: String?
    /// On a Live Photo's movie: the id of its photo (the movie is not in the grid; its photo stands for both).
    public var livePhotoID: Int64?
    /// On a Live Photo: its movie's row id and path.
    public var movieID: Int64?
    public var moviePath: String?
    /// On an Android Motion Photo (a Live item): where its MP4 lies in its own file.
    public var motionOffset: Int64?
    public var motionLength: Int64?

    /// The file's modification time when last indexed, `YYYY-MM-DDTHH:MM:SSZ` (UTC, seconds): the date a
    /// photo without a capture date is ordered by (`sortKey` is the same instant without the `Z`).
    public var modifiedAt: String { UTCTime(nanoseconds: modificationTimeNanoseconds).isoSeconds + "Z" }

    public init(id: Int64, pathBytes: [UInt8], path: String, status: PhotoStatus, error: String?,
                fileSize: Int64, modificationTimeNanoseconds: Int64, contentKey: String?,
                storedWidth: Int?, storedHeight: Int?, pixelWidth: Int?, pixelHeight: Int?,
                orientation: Int?, components: Int?, colorSpace: String?, isProgressive: Bool?,
                takenAt: String?, sortKey: String, firstSeen: String, lastSeen: String, format: String = "jpeg") {
        self.id = id; self.pathBytes = pathBytes; self.path = path; self.status = status; self.error = error
        self.fileSize = fileSize; self.modificationTimeNanoseconds = modificationTimeNanoseconds
        self.contentKey = contentKey; self.storedWidth = storedWidth; self.storedHeight = storedHeight
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.orientation = orientation
        self.components = components; self.colorSpace = colorSpace; self.isProgressive = isProgressive
        self.takenAt = takenAt; self.sortKey = sortKey; self.firstSeen = firstSeen; self.lastSeen = lastSeen
        self.format = format
    }
}

extension Photo {
    /// Decodes a row selected with the store's photo columns (`SQLiteStore.photoColumns`), by column name
    /// (either store's).
    package init(columns row: some StoreRow) throws(LibraryError) {
        self.init(
            id: try row.int64("id").notNull("id"), pathBytes: [UInt8](try row.bytes("path_bytes").notNull("path_bytes")),
            path: try row.string("path").notNull("path"),
            status: PhotoStatus(rawValue: try row.string("status").notNull("status")) ?? .error, error: try row.string("error"),
            fileSize: try row.int64("file_size").notNull("file_size"), modificationTimeNanoseconds: try row.int64("mtime_ns").notNull("mtime_ns"),
            contentKey: try row.string("content_key"), storedWidth: try row.int("stored_width"), storedHeight: try row.int("stored_height"),
            pixelWidth: try row.int("display_width"), pixelHeight: try row.int("display_height"),
            orientation: try row.int("orientation"), components: try row.int("components"), colorSpace: try row.string("color_space"),
            isProgressive: try row.int64("progressive").map { $0 != 0 }, takenAt: try row.string("taken_at"),
            sortKey: try row.string("sort_key").notNull("sort_key"), firstSeen: try row.string("first_seen").notNull("first_seen"),
            lastSeen: try row.string("seen").notNull("seen"), format: try row.string("format").notNull("format"))
        media = MediaKind(rawValue: try row.string("media").notNull("media")) ?? .photo
        duration = try row.double("duration")
        codec = try row.string("codec")
        posterTime = try row.double("poster_time")
        contentIdentifier = try row.string("content_identifier")
        livePhotoID = try row.int64("live_photo_id")
        movieID = try row.int64("movie_id")
        moviePath = try row.string("movie_path")
        motionOffset = try row.int64("motion_offset")
        motionLength = try row.int64("motion_length")
    }
}
