public import PhotoLibrary

/// The PostgreSQL store is a `LibraryStore`: the members the protocol names are the store's own (in
/// `PostgresStore.swift` and its extensions).
extension PostgresStore: LibraryStore {}
