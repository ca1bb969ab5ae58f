public import PhotoLibrary
import SQLiteLibrary
import PostgresLibrary

/// Opens the store a library location names — a SQLite database file (`SQLiteStore`, embedded), or a
/// `postgres://` URL (`PostgresStore`, for several machines); the one place a front end's `--db` becomes
/// a `LibraryStore`.
public enum LibraryStoreOpener {
    /// Opens the library at `location`; with `creating`, makes an empty one when there is none (what
    /// indexing does; `createdFile` then says so). `readers`: how many reads may run at once.
    ///
    /// A PostgreSQL library's schema is made by whichever command opens it first (`creating` or not): the
    /// database is the user's, made beforehand; `readers` bounds its connections.
    public static func open(_ location: LibraryLocation, creating: Bool, readers: Int = 2) throws(LibraryError) -> any LibraryStore {
        switch location {
        case .postgres(let location, let address): return try PostgresStore(location, address: address, connections: readers + 1)
        case .sqliteFile(let path): return try SQLiteStore(path: path, mode: creating ? .createIfMissing : .existing, readers: readers)
        }
    }

    /// Removes a library a failed first run made (its database file and the files beside it), unless it
    /// holds photo rows — a batch the run committed before failing (a full disk) is never thrown away.
    /// Call only for a library whose opening made it (`createdFile`), once it is closed.
    /// A PostgreSQL library is left as it is (its database is the user's; its empty tables are harmless).
    public static func removeNew(_ location: LibraryLocation) {
        guard case .sqliteFile(let path) = location, !holdsPhotos(location) else { return }
        SQLiteStore.removeFiles(path)
    }

    /// Whether the library at `location` holds any photo row — also when it is there but cannot be read
    /// to tell (a library is kept rather than removed on a guess).
    public static func holdsPhotos(_ location: LibraryLocation) -> Bool {
        do {
            return try open(location, creating: false, readers: 1).counts().photos > 0
        } catch .noDatabase {
            return false
        } catch {
            return true
        }
    }
}
