public import PhotoLibrary
/// The SQLite store is a `LibraryStore`: the members the protocol names are the store's own (in
/// `SQLiteStore.swift` and its extensions); indexing runs the `Indexer` on it.
extension SQLiteStore: LibraryStore {
    public func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary {
        try Indexer(store: self, options: options).index(folder: folder)
    }
}

extension GridReader: GridWindowReader {}
