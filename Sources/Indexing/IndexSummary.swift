import PhotoLibrary
/// What an index run did.
///
/// Every entry the walk saw is counted once: `seen == scanned + vanished + skipped total`, and
/// `added + updated + unchanged + moved + retried == scanned`.
public struct IndexSummary: Sendable, Equatable {
    /// A folder under the root that could not be read.
    public struct UnreadableFolder: Sendable, Equatable {
        /// Relative to the root (display text).
        public var path: String
        /// Why (strerror text, e.g. "Permission denied").
        public var error: String
        /// Rows of photos inside it that were kept as they were (not marked missing).
        public var rowsKept: Int

        public init(path: String, error: String, rowsKept: Int) {
            self.path = path
            self.error = error
            self.rowsKept = rowsKept
        }
    }

    /// Entries the walk saw: regular files, and every skipped entry (a skipped folder counts once).
    public var seen = 0
    /// JPEG candidates found by the walk (files named .jpg/.jpeg, or starting with FF D8 FF).
    public var scanned = 0
    /// Candidates at paths the database did not know (new rows, error rows included).
    public var added = 0
    /// Known paths whose size or mtime changed (or that had gone missing), re-probed in place.
    public var updated = 0
    /// Known paths with the same size and mtime: one stat, not opened.
    public var unchanged = 0
    /// New paths whose content key matched a vanished row's: that row now has the new path.
    public var moved = 0
    /// Unchanged error rows opened again: their error may have gone away (see `ProbeErrorRetry`),
    /// or `--retry-errors` asked for all of them.
    public var retried = 0
    /// Rows whose file is gone (after this run, all of them, not only those that vanished now).
    public var missing = 0
    /// Missing rows removed by `IndexOptions.prune`, with their thumbnail records.
    public var pruned = 0
    /// Thumbnail files (relative to the thumbnail folder) that only pruned rows referred to.
    public var prunedThumbnailPaths: [String] = []
    /// Scanned files whose row is an error row after this run.
    public var errors = 0
    /// Files found by the walk that were gone (or had become something else) when opened.
    public var vanished = 0
    /// Entries seen and not indexed, by kind (kinds with none are absent).
    public var skipped: [SkippedKind: Int] = [:]
    /// The folder the library indexed before this run, when `IndexOptions.moveRoot` moved it here.
    public var movedFrom: String?
    /// Wall-clock duration of the run.
    public var seconds = 0.0
    /// Files this run opened (probes and JPEG-signature checks); 0 for an unchanged rescan.
    public var filesOpened = 0
    /// Folders under the root that could not be read (their rows were left as they were).
    public var unreadableFolders: [UnreadableFolder] = []

    public init() {}

    /// All skipped entries.
    public var skippedTotal: Int { skipped.values.reduce(0, +) }
}
