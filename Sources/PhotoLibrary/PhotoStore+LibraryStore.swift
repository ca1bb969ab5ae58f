/// The SQLite store is a `LibraryStore`: the members the protocol names are the store's own (in
/// `PhotoStore.swift` and its extensions); indexing runs the `Indexer` on it.
extension PhotoStore: LibraryStore {
    public func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary {
        try Indexer(store: self, options: options).index(folder: folder)
    }
}

extension GridReader: GridWindowReader {}
