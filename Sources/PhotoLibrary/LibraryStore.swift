/// A photo library's store: every job the gallery model, the server and the command line ask of it, each a
/// small protocol a use case can ask for alone (`LibraryMetadataStore`, `PhotoRowStore`, `GridSource`,
/// `ThumbnailRecordStore`, `ThumbnailLeaseStore`, `PictureSignatureStore`, `KeptLayoutStore`), and the index
/// run (`Indexer` over the store's `IndexWriter` steps). `SQLiteStore` (SQLiteLibrary) and `PostgresStore`
/// (PostgresLibrary) implement it and pass one conformance suite (`Tests/PhotoLibraryTests/StoreConformanceTests.swift`).
/// Every method may block (a database read or write): call it off an event loop.
public protocol LibraryStore: LibraryMetadataStore, PhotoRowStore, GridSource, ThumbnailRecordStore, ThumbnailLeaseStore,
                              PictureSignatureStore, KeptLayoutStore {
    /// Indexes `folder` into the library (`Indexer`'s steps: walk, compare, probe, write in batches, mark
    /// what vanished, pair Live Photos).
    func index(folder: String, options: IndexOptions) throws(LibraryError) -> IndexSummary
    /// The files under the library's folder that are not indexed, and why (walked now).
    func skippedEntries() throws(LibraryError) -> [SkippedEntry]
}
