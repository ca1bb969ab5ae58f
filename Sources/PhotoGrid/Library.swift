public import PhotoLibrary

/// One photo library as a process holds it: the one database pool of its file (GRDB's rule: one pool
/// per file per process). Open it once and hand it to the use cases (`LayoutRequest.gallery(library:)`,
/// `zoomDocument(library:)`, `LibraryPicture.render(library:)`, `LibraryThumbnails.make(library:)`,
/// `LibraryIndexing.index(library:…)`, `LibraryStatistics.read(library:)`, `LibraryListing`, the
/// export); their path-taking forms open one for the call. An async caller indexes and makes
/// thumbnails with `index(folder:…)` and `makeThumbnails(_:…)` (`Library+Async.swift`), which run the
/// blocking work on a thread of its own.
public final class Library: Sendable {
    /// The store: the pool, its writer and readers.
    public let store: PhotoStore

    /// The database file's path.
    public var databasePath: String { store.path }

    public init(store: PhotoStore) {
        self.store = store
    }

    /// Opens the library database at `path` (refusing a file that is not a photogrid library, as
    /// `PhotoStore` does); `readers` connections may read at once.
    public static func open(_ path: String, readers: Int = 2) throws(LibraryError) -> Library {
        Library(store: try PhotoStore(path: path, mode: .existing, readers: readers))
    }

    /// Opens the library database at `path`, making an empty library when there is no file there (what
    /// indexing does); `createdFile` says whether this call made it.
    public static func openOrCreate(_ path: String, readers: Int = 2) throws(LibraryError) -> Library {
        Library(store: try PhotoStore(path: path, mode: .createIfMissing, readers: readers))
    }

    /// Whether opening the library made its database file.
    public var createdFile: Bool { store.createdFile }
}
