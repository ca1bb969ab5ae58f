public import PhotoLibrary
import PostgresNIO

/// Kept layouts in PostgreSQL: keeping one is `SQLStore`'s; reading one is the grid reader's.
extension PostgresStore: KeptLayoutStore {}

extension PostgresGridReader {
    func version() throws(LibraryError) -> Int? {
        try session.rows(PostgresQuery(unsafeSQL: KeptLayoutSQL.version), "reading the grid version")
            .first?.makeRandomAccess().value("version", Int.self) ?? 0
    }

    func keptLayout<T>(key: String, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? {
        guard let row = try session.rows(PostgresQuery(unsafeSQL: KeptLayoutSQL.select, binds: PostgresStore.binds(key)), "reading a kept layout")
            .first else { return nil }
        return try row.makeRandomAccess().value("bytes", ByteBuffer.self).withUnsafeReadableBytes(read)
    }
}
