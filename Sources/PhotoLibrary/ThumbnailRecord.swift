/// What the database knows about one thumbnail of one photo (a row of `thumbnails`).
public struct ThumbnailRecord: Sendable, Equatable {
    /// The thumbnail file, for a thumbnail that was made.
    public struct File: Sendable, Equatable {
        /// Path relative to the thumbnail folder, e.g. `grid-387/3966072-0123456789abcdef.jpg`.
        public var path: String
        /// Pixel size as displayed.
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The file's size in bytes (a file with another size is not this thumbnail).
        public var byteSize: Int64
        /// What was wrong with the photo's data, which was decoded anyway (one line, e.g. "truncated
        /// JPEG: …"); nil when it was clean.
        public var warning: String?

        public init(path: String, pixelWidth: Int, pixelHeight: Int, byteSize: Int64, warning: String? = nil) {
            self.path = path
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.byteSize = byteSize
            self.warning = warning
        }
    }

    /// The photo's row id.
    public var photoID: Int64
    /// `grid-<N>` or `detail-<N>`.
    public var variant: String
    /// The file, or why none could be made.
    public var outcome: Result<File, ThumbnailFailure>
    /// The photo's content key, file size and mtime (ns) when the thumbnail was made.
    public var sourceContentKey: String?
    public var sourceSize: Int64
    public var sourceModificationTimeNanoseconds: Int64
    /// When it was made (UTC `YYYY-MM-DDTHH:MM:SSZ`); set by the store when it saves the record.
    public var createdAt: String

    public init(photoID: Int64, variant: String, outcome: Result<File, ThumbnailFailure>,
                sourceContentKey: String?, sourceSize: Int64, sourceModificationTimeNanoseconds: Int64,
                createdAt: String = "") {
        self.photoID = photoID
        self.variant = variant
        self.outcome = outcome
        self.sourceContentKey = sourceContentKey
        self.sourceSize = sourceSize
        self.sourceModificationTimeNanoseconds = sourceModificationTimeNanoseconds
        self.createdAt = createdAt
    }

    /// Whether the record was made from `photo` as it is indexed now (same content key, size, mtime).
    public func isCurrent(for photo: Photo) -> Bool {
        sourceContentKey == photo.contentKey && sourceSize == photo.fileSize
            && sourceModificationTimeNanoseconds == photo.modificationTimeNanoseconds
    }
}

/// Why a thumbnail could not be made (the `error` column): one line for people.
public struct ThumbnailFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension ThumbnailRecord {
    /// Decodes a row of the `thumbnails` table, by column name (either store's).
    package init(columns row: some StoreRow) throws(LibraryError) {
        let outcome: Result<File, ThumbnailFailure>
        if try row.string("status") == "ok", let path = try row.string("path"), let width = try row.int64("pixel_width"),
           let height = try row.int64("pixel_height"), let bytes = try row.int64("byte_size") {
            outcome = .success(File(path: path, pixelWidth: Int(width), pixelHeight: Int(height), byteSize: bytes, warning: try row.string("warning")))
        } else {
            outcome = .failure(ThumbnailFailure(try row.string("error") ?? "unknown error"))
        }
        self.init(photoID: try row.int64("photo_id").notNull("photo_id"), variant: try row.string("variant").notNull("variant"), outcome: outcome,
                  sourceContentKey: try row.string("source_content_key"), sourceSize: try row.int64("source_size").notNull("source_size"),
                  sourceModificationTimeNanoseconds: try row.int64("source_mtime_ns").notNull("source_mtime_ns"),
                  createdAt: try row.string("created_at").notNull("created_at"))
    }
}
