import PhotoLibrary
/// The `photogrid stats --json` document, version 1: `LibraryStatistics` with every count as a number.
public struct StatisticsDocument: Codable, Sendable, Equatable {
    public var version = 1
    /// The database path as given, and its newest applied migration.
    public var database: String
    public var schema: String?
    /// The indexed folder (absent before the first index run); `folderBytes` is the base64 of its bytes
    /// when they are not valid UTF-8.
    public var folder: String?
    public var folderBytes: String?
    public var lastIndexedAt: String?
    /// Rows by status.
    public var photos: Int
    public var ok: Int
    public var errors: Int
    public var missing: Int
    /// Ok photos with an EXIF orientation other than 1, progressive, with an EXIF date.
    public var reoriented: Int
    public var progressive: Int
    public var withTakenAt: Int
    /// Bytes of the ok photos' files.
    public var okBytes: Int64
    /// Ok photos per colour space.
    public var colorSpaces: [String: Int]
    /// Ok photos per format (jpeg, png, webp, heic, avif, mov, mp4).
    public var formats: [String: Int]
    /// Ok rows per media kind (photo, video, live).
    public var media: [String: Int]
    /// Earliest and latest grid sort key of the ok photos (`YYYY-MM-DDTHH:MM:SS`).
    public var earliest: String?
    public var latest: String?
    /// SQLite's integrity check (`ok`), with `--check` only.
    public var integrity: String?
    /// Thumbnail work (`photogrid stats` only: absent from the server's statistics).
    public var thumbnailQueue: ThumbnailQueueDocument?

    /// The thumbnail work waiting, and the processes seen claiming it within the last hour.
    public struct ThumbnailQueueDocument: Codable, Sendable, Equatable {
        /// The sizes counted (those recorded in the library; `thumbs`' defaults when none is).
        public var variants: [String]
        /// Readable photos lacking a current thumbnail of one of `variants`…
        public var waiting: Int
        /// …of which a worker's unexpired claim holds this many.
        public var claimed: Int
        public var workers: [Worker]

        public struct Worker: Codable, Sendable, Equatable {
            /// `host:pid`.
            public var name: String
            /// When it last claimed work (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
            public var lastSeen: String
            /// Photos it has claimed in all.
            public var claimed: Int64
        }
    }

    public init(_ statistics: LibraryStatistics) {
        let c = statistics.counts
        database = statistics.database
        schema = statistics.migrations.last
        folder = statistics.root?.path
        folderBytes = statistics.root.flatMap { PathBytesField.base64IfNotUTF8($0.pathBytes) }
        lastIndexedAt = statistics.root?.lastIndexedAt
        photos = c.photos; ok = c.ok; errors = c.errors; missing = c.missing
        reoriented = c.reoriented; progressive = c.progressive; withTakenAt = c.withTakenAt
        okBytes = c.okBytes; colorSpaces = c.colorSpaces; formats = c.formats; media = c.media
        earliest = c.earliest; latest = c.latest
        integrity = statistics.integrity
        thumbnailQueue = statistics.thumbnailQueue.map { queue in
            ThumbnailQueueDocument(variants: queue.variants, waiting: queue.waiting, claimed: queue.claimed,
                                   workers: queue.workers.map { .init(name: $0.name, lastSeen: $0.lastSeenUTC, claimed: $0.claimed) })
        }
    }
}

extension LibraryStatistics {
    /// The `--json` document.
    public var document: StatisticsDocument { StatisticsDocument(self) }
}
