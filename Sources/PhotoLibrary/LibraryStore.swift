/// A photo library's store: every job the gallery model, the server and the command line ask of it, each a
/// small protocol a use case can ask for alone (`LibraryMetadataStore`, `PhotoRowStore`, `GridSource`,
/// `ThumbnailRecordStore`, `ThumbnailLeaseStore`, `PictureSignatureStore`, `KeptLayoutStore`), and an index
/// run's steps (`IndexWriter`; the run, `index(folder:options:)`, is written once over them). `SQLiteStore`
/// (SQLiteLibrary) and `PostgresStore` (PostgresLibrary) implement it and pass one conformance suite
/// (`Tests/PhotoLibraryTests/StoreConformanceTests.swift`).
/// Every method may block (a database read or write): call it off an event loop.
public protocol LibraryStore: LibraryMetadataStore, PhotoRowStore, GridSource, ThumbnailRecordStore, ThumbnailLeaseStore,
                              PictureSignatureStore, KeptLayoutStore, IndexWriter {}
