/// What `photogrid duplicates --json` prints and `GET /api/v1/duplicates` answers: the groups of copies of
/// one picture, each with the copy to keep and why, and the photos left out with their reason.
public struct DuplicatesDocument: Sendable, Codable, Equatable {
    /// One copy in a group.
    public struct Copy: Sendable, Codable, Equatable {
        public var id: Int64
        /// The path relative to the library folder, as `photogrid list` prints it.
        public var path: String
        /// The path's bytes in base64 when they are not UTF-8 (`path` then shows U+FFFD).
        public var pathBytes: String?
        /// Whether this is the copy to keep (one per group).
        public var keep: Bool
        /// The picture's size as displayed, in pixels.
        public var width: Int
        public var height: Int
        /// `jpeg`, `heic`, `avif`, `png`, `webp`.
        public var format: String
        public var fileSize: Int64
        /// EXIF capture time (`YYYY-MM-DDTHH:MM:SS`, local), when the file has one.
        public var takenAt: String?
        /// The file's modification time (UTC, seconds).
        public var modifiedAt: String
        /// The server's URL of a thumbnail of the whole picture (relative to the server root); not in the
        /// command line's document.
        public var thumbnail: String?
    }

    /// One group: the copies of one picture, the kept one first.
    public struct Group: Sendable, Codable, Equatable {
        /// `exact`: every copy has the same bytes; `near`: the same picture in another size, format or encoding.
        public var kind: Kind
        /// Why the kept copy was chosen: the first rule that told the copies apart (`largest picture`,
        /// `original format`, `capture date present`, `oldest file`, `first by path`).
        public var keepReason: String
        public var photos: [Copy]
    }

    public enum Kind: String, Sendable, Codable, Equatable {
        case exact, near
    }

    /// A photo that could not be compared, and why (damaged, undecodable, changed since it was indexed).
    public struct LeftOut: Sendable, Codable, Equatable {
        public var id: Int64
        public var path: String
        public var pathBytes: String?
        public var reason: String
    }

    public var version = 1
    public var groups: [Group]
    public var leftOut: [LeftOut]
    /// The photos compared (readable photos and Live Photos; videos are not compared).
    public var photos: Int
    /// Signatures made by this run (the others were kept in the library from before).
    public var signaturesMade: Int
    /// Photos not compared yet: no signature is kept for them (the server is making them; a file changed
    /// since it was indexed gets one after the next index run).
    public var pending: Int

    public init(groups: [Group], leftOut: [LeftOut], photos: Int, signaturesMade: Int, pending: Int = 0) {
        self.groups = groups
        self.leftOut = leftOut
        self.photos = photos
        self.signaturesMade = signaturesMade
        self.pending = pending
    }

    /// The copies the groups do not keep (what `--print0` lists), in group order.
    public var others: [Copy] { groups.flatMap { $0.photos.filter { !$0.keep } } }
}
