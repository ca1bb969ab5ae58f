/// What `Indexer` reads and writes through: the steps of an index run as a store carries them out
/// (`SQLiteStore` on SQLite, `PostgresStore` on PostgreSQL). Each step is its own transaction; the run
/// itself (`index(folder:options:)`) is written once, over these steps. The values they pass are the
/// stores' alone (their members are the package's).
public protocol IndexWriter: Sendable {
    /// Where the library is kept (a database file's path, or a redacted URL).
    var path: String { get }
    /// The folder the library indexes, if a run has completed.
    func root() throws(LibraryError) -> LibraryRoot?
    /// Every row's path, size, mtime, status and content key, and the files known not to be photos.
    func loadIndexState() throws(LibraryError) -> IndexState
    /// Writes one batch of a run's outcomes (one transaction); pairs the batch's movies with their photos.
    func apply(_ writes: [PendingWrite], now: String) throws(LibraryError)
    /// The run's last transaction: marks `missing` rows, forgets non-photos, records the root, checks
    /// the Live Photo pairs. Returns the number of missing rows.
    func finishIndexRun(missing: [Int64], forgottenNonPhotos: [[UInt8]], root: [UInt8], now: String,
                        rowsChanged: Bool) throws(LibraryError) -> Int
    /// Removes the missing rows and their thumbnail records; returns how many, and the thumbnail files
    /// no record names any more.
    func pruneMissing() throws(LibraryError) -> (rows: Int, unreferencedThumbnails: [String])
    /// After a run that wrote rows: whatever the store does to start its next run clean (best effort;
    /// SQLite restarts its write-ahead log).
    func runWroteRows()
    /// After a run that wrote nothing but its run record (best effort; SQLite skips its checkpoint).
    func runWroteNothing()
}

extension IndexWriter {
    /// A store with no journal of its own to tidy (a database server) does nothing after a run.
    public func runWroteRows() {}
    public func runWroteNothing() {}
}
