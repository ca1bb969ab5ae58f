public import PhotoLibrary
/// The PostgreSQL store is a `LibraryStore`: the members the protocol names are the store's own (in
/// `PostgresStore.swift` and its extensions); indexing runs the `Indexer` on it.
extension PostgresStore: LibraryStore {
    public func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary {
        try Indexer(writer: self, options: options).index(folder: folder)
    }

    public func skippedEntries() throws(LibraryError) -> [SkippedEntry] {
        try walkSkippedEntries()
    }
}
