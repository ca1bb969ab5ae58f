public import PhotoLibrary
public import Indexing

/// The `photogrid list --skipped` document, version 1: what the library's folder holds and an
/// index run does not index, with why.
public struct SkippedListDocument: Codable, Sendable, Equatable {
    /// One skipped entry.
    public struct Entry: Codable, Sendable, Equatable {
        /// Relative to the library's folder (invalid UTF-8 bytes shown as U+FFFD).
        public var path: String
        /// `image`, `raw`, `video`, `other`, `hidden`, `symlink`, `cache` or `output` (`SkippedKind`).
        public var kind: String
    }

    public var version = 1
    public var skipped: [Entry]

    public init(_ entries: [SkippedEntry]) {
        skipped = entries.map { Entry(path: $0.path, kind: $0.kind.rawValue) }
    }

    /// The document's JSON text (one line, keys sorted).
    public var json: String { DocumentEncoding.json(self) }
}

extension LibraryListing {
    /// The entries of the library's folder that are not indexed (the library at `database` must exist).
    public static func skipped(database: LibraryLocation) throws(LibraryError) -> SkippedListDocument {
        try skipped(library: try Library.open(database))
    }

    /// The entries of an open library's folder that are not indexed.
    public static func skipped(library: Library) throws(LibraryError) -> SkippedListDocument {
        SkippedListDocument(try library.store.skippedEntries())
    }
}
