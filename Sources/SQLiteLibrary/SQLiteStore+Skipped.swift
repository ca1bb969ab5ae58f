public import PhotoLibrary

extension SQLiteStore {
    /// The entries an index run skips (`walkSkippedEntries`).
    public func skippedEntries() throws(LibraryError) -> [SkippedEntry] { try walkSkippedEntries() }
}
