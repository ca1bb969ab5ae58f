/// What an index run did. `added + updated + unchanged + moved == scanned`.
public struct IndexSummary: Sendable, Equatable {
    /// JPEG candidates found by the walk (files named .jpg/.jpeg, or starting with FF D8 FF).
    public var scanned = 0
    /// Candidates at paths the database did not know (new rows, error rows included).
    public var added = 0
    /// Known paths whose size or mtime changed (or that had gone missing), re-probed in place.
    public var updated = 0
    /// Known paths with the same size and mtime: one stat, not opened.
    public var unchanged = 0
    /// New paths whose content key matched a vanished row: that row now has the new path.
    public var moved = 0
    /// Rows whose file is gone (after this run, all of them, not only those that vanished now).
    public var missing = 0
    /// Scanned files whose row is an error row after this run.
    public var errors = 0
    /// Wall-clock duration of the run.
    public var seconds = 0.0
    /// Files this run opened (probes and JPEG-signature checks); 0 for an unchanged rescan.
    public var filesOpened = 0
    /// Folders under the root that could not be read (their rows were left as they were).
    public var unreadableFolders: [String] = []

    public init() {}
}
