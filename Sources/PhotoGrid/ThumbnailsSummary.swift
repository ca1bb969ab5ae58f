public import PhotoGridSupport

/// What a `photogrid thumbs` run did; also its `--json` document (version 1, keys sorted).
public struct ThumbnailsSummary: Codable, Sendable, Equatable {
    /// A thumbnail that could not be made.
    public struct Failure: Codable, Sendable, Equatable {
        /// The photo's id and path (relative to the indexed folder).
        public var id: Int64
        public var path: String
        /// Base64 of the path's bytes, present when they are not valid UTF-8.
        public var pathBytes: String?
        /// The variant (`grid-387`, `detail-1024`).
        public var variant: String
        /// Why, in one line.
        public var error: String
        /// What the person can do about it (not in the JSON: the command line's text says it).
        public var remedy: FailureRemedy? = nil

        private enum CodingKeys: String, CodingKey { case id, path, pathBytes, variant, error }
    }

    /// A thumbnail made from damaged data that libjpeg decoded anyway (truncated, no end-of-image
    /// marker, corrupt bytes): it shows what libjpeg decoded.
    public struct Warning: Codable, Sendable, Equatable {
        /// The photo's id and path (relative to the indexed folder).
        public var id: Int64
        public var path: String
        /// Base64 of the path's bytes, present when they are not valid UTF-8.
        public var pathBytes: String?
        /// The variant (`grid-387`, `detail-1024`).
        public var variant: String
        /// What was wrong, in one line.
        public var warning: String
    }

    public var version = 1
    /// The thumbnail folder.
    public var folder: String
    /// The variants made, e.g. `["grid-387", "detail-1024"]`.
    public var variants: [String]
    /// Indexed photos with status ok (each gets one thumbnail per variant).
    public var photos: Int
    /// Thumbnails made in this run (per photo and variant; identical photos share one file).
    public var made = 0
    /// Thumbnails that were already up to date.
    public var skipped = 0
    /// Thumbnails that could not be made (`failures` says which and why).
    public var errors: Int { failures.count }
    /// Files of these variants removed because no photo refers to them any more.
    public var removed = 0
    /// Wall-clock time of the run.
    public var seconds = 0.0
    public var failures: [Failure] = []
    /// The current thumbnails of these variants (made in this run or up to date) that were made
    /// from damaged data, by photo id and variant.
    public var warnings: [Warning] = []

    public init(folder: String, variants: [String], photos: Int) {
        self.folder = folder
        self.variants = variants
        self.photos = photos
    }

    enum CodingKeys: String, CodingKey {
        case version, folder, variants, photos, made, skipped, errors, removed, seconds, failures, warnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        folder = try container.decode(String.self, forKey: .folder)
        variants = try container.decode([String].self, forKey: .variants)
        photos = try container.decode(Int.self, forKey: .photos)
        made = try container.decode(Int.self, forKey: .made)
        skipped = try container.decode(Int.self, forKey: .skipped)
        removed = try container.decode(Int.self, forKey: .removed)
        seconds = try container.decode(Double.self, forKey: .seconds)
        failures = try container.decode([Failure].self, forKey: .failures)
        warnings = try container.decodeIfPresent([Warning].self, forKey: .warnings) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(folder, forKey: .folder)
        try container.encode(variants, forKey: .variants)
        try container.encode(photos, forKey: .photos)
        try container.encode(made, forKey: .made)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(errors, forKey: .errors)
        try container.encode(removed, forKey: .removed)
        try container.encode((seconds * 1000).rounded() / 1000, forKey: .seconds)
        try container.encode(failures, forKey: .failures)
        try container.encode(warnings, forKey: .warnings)
    }
}

/// What `photogrid thumbs` prints.
public struct ThumbnailsReport: Sendable {
    /// The database path.
    public var database: String
    public var summary: ThumbnailsSummary

    public init(database: String, summary: ThumbnailsSummary) {
        self.database = database
        self.summary = summary
    }

    /// The `--json` document text (one line, keys sorted).
    public var json: String { DocumentEncoding.json(summary) }
}
