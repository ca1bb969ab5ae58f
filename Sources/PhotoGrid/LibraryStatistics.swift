public import PhotoLibrary

/// What `photogrid stats` prints about a library.
public struct LibraryStatistics: Sendable, Equatable {
    public var database: String
    public var root: LibraryRoot?
    public var counts: LibraryCounts
    /// Applied schema migrations, in order.
    public var migrations: [String]
    /// SQLite's `PRAGMA integrity_check` verdict ("ok"), when asked for.
    public var integrity: String?

    /// Reads the statistics of the database at `database` (which must exist).
    ///
    /// - Parameter checkIntegrity: also run `PRAGMA integrity_check` (reads the whole file).
    public static func read(database: String, checkIntegrity: Bool = false) throws(LibraryError) -> LibraryStatistics {
        let store = try PhotoStore(path: database, mode: .existing)
        return LibraryStatistics(database: database, root: try store.root(), counts: try store.counts(),
                                 migrations: try store.appliedMigrations(),
                                 integrity: checkIntegrity ? try store.integrityCheck() : nil)
    }
}
