public import PhotoLibrary

/// Picture signatures in PostgreSQL: `SQLStore+PictureSignatures`'s statements.
extension PostgresStore: PictureSignatureStore {}
