public import PhotoLibrary

/// The SQLite store is a `LibraryStore`: the members the protocol names are the store's own (in
/// `SQLiteStore.swift` and its extensions).
extension SQLiteStore: LibraryStore {}
