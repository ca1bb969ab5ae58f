public import PhotoLibrary

/// Kept layouts in PostgreSQL: keeping one is `SQLStore`'s; reading one is the grid reader's.
extension PostgresStore: KeptLayoutStore {}
