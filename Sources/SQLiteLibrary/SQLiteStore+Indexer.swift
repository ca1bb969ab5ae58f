public import PhotoLibrary

extension Indexer {
    /// Indexes into a SQLite library.
    public init(store: SQLiteStore, options: IndexOptions = IndexOptions()) {
        self.init(writer: store, options: options)
    }
}
