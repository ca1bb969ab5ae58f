public import PhotoLibrary

/// Kept layouts in SQLite: keeping one is `SQLStore`'s; reading one is the grid reader's.
extension SQLiteStore: KeptLayoutStore {}
