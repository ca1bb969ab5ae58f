public import PhotoLibrary

extension IndexWriter {
    /// Indexes `folder` into the library: `Indexer`'s steps (walk, compare, probe, write in batches, mark
    /// what vanished, pair Live Photos) over this store's.
    public func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary {
        try Indexer(writer: self, options: options).index(folder: folder)
    }
}
