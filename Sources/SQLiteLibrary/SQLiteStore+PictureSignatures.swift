public import PhotoLibrary

/// Picture signatures in SQLite: `SQLStore+PictureSignatures`'s statements.
extension SQLiteStore: PictureSignatureStore {}
