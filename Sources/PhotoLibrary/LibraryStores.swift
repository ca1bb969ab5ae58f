/// Opens the store a library location names — today a SQLite database file (`PhotoStore`, embedded);
/// the one place a front end's `--db` becomes a `LibraryStore`.
public enum LibraryStores {
    /// Opens the library at `location`; with `creating`, makes an empty one when there is none (what
    /// indexing does; `createdFile` then says so). `readers`: how many reads may run at once.
    public static func open(_ location: String, creating: Bool, readers: Int = 2) throws(LibraryError) -> any LibraryStore {
        try PhotoStore(path: location, mode: creating ? .createIfMissing : .existing, readers: readers)
    }

    /// Removes a library a failed first run made (its database file and the files beside it). Call only
    /// for a library whose opening made it (`createdFile`), once it is closed.
    public static func removeNew(_ location: String) {
        PhotoStore.removeFiles(location)
    }
}
