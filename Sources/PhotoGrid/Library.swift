public import PhotoLibrary

/// One photo library as a process holds it: its one store (`LibraryStore`; for a SQLite file, the one
/// database pool of that file — GRDB's rule: one pool per file per process). Open it once and hand it to the use cases (`LayoutRequest.gallery(library:)`,
/// `zoomDocument(library:)`, `LibraryPicture.render(library:)`, `LibraryThumbnails.make(library:)`,
/// `LibraryIndexing.index(library:…)`, `LibraryStatistics.read(library:)`, `LibraryListing`, the
/// export); their path-taking forms open one for the call. An async caller indexes with
/// `index(folder:on:…)` (`Library+Async.swift`), which runs the blocking work on a `BlockingPool`'s thread.
public final class Library: Sendable {
    /// The store: everything the use cases read and write goes through it.
    public let store: any LibraryStore

    /// The database file's path (a URL without its password), as shown.
    public var databasePath: String { store.path }
    /// Where the library is kept.
    public var location: LibraryLocation { store.location }

    public init(store: any LibraryStore) {
        self.store = store
    }

    /// Opens the library at `location` (refusing a file that is not a photogrid library);
    /// `readers` connections may read at once.
    public static func open(_ location: LibraryLocation, readers: Int = 2) throws(LibraryError) -> Library {
        Library(store: try LibraryStoreOpener.open(location, creating: false, readers: readers))
    }

    /// Opens the library at `location`, making an empty library when there is none (what indexing does);
    /// `createdFile` says whether this call made it.
    public static func openOrCreate(_ location: LibraryLocation, readers: Int = 2) throws(LibraryError) -> Library {
        Library(store: try LibraryStoreOpener.open(location, creating: true, readers: readers))
    }

    /// Whether opening the library made its database file.
    public var createdFile: Bool { store.createdFile }
}
