public import PhotoLibrary
import Thumbnails

/// What `photogrid stats` prints about a library.
public struct LibraryStatistics: Sendable, Equatable {
    public var database: String
    public var root: LibraryRoot?
    public var counts: LibraryCounts
    /// Applied schema migrations, in order.
    public var migrations: [String]
    /// SQLite's `PRAGMA integrity_check` verdict ("ok"), when asked for.
    public var integrity: String?
    /// The thumbnail work waiting and the workers seen, when asked for.
    public var thumbnailQueue: ThumbnailQueue?

    /// Reads the statistics of the database at `database` (which must exist).
    ///
    /// - Parameter checkIntegrity: also run `PRAGMA integrity_check` (reads the whole file).
    /// - Parameter thumbnailQueue: also count the photos waiting for a thumbnail (a pass over the photos).
    public static func read(database: LibraryLocation, checkIntegrity: Bool = false,
                            thumbnailQueue: Bool = false) throws(LibraryError) -> LibraryStatistics {
        try read(library: try Library.open(database), checkIntegrity: checkIntegrity, thumbnailQueue: thumbnailQueue)
    }

    /// Reads the statistics of an open library.
    public static func read(library: Library, checkIntegrity: Bool = false,
                            thumbnailQueue: Bool = false) throws(LibraryError) -> LibraryStatistics {
        let store = library.store
        var statistics = LibraryStatistics(database: library.databasePath, root: try store.root(), counts: try store.counts(),
                                           migrations: try store.appliedMigrations(),
                                           integrity: checkIntegrity ? try store.integrityCheck() : nil)
        if thumbnailQueue {
            // The sizes `thumbs` makes by default stand for a library that has none recorded yet.
            let defaults = ((try? ThumbnailRequest().variants()) ?? []).map(\.name)
            statistics.thumbnailQueue = try store.thumbnailQueue(defaultVariants: defaults)
        }
        return statistics
    }
}
