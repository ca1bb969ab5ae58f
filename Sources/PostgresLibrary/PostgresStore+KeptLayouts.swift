public import PhotoLibrary
import PostgresNIO

/// Kept layouts in PostgreSQL (`KeptLayoutSQL`'s statements).
extension PostgresStore: KeptLayoutStore {
    public func keepLayout(key: String, gridVersion: Int, bytes: [UInt8]) throws(LibraryError) {
        try transaction("keeping a layout") { session throws(LibraryError) in
            try session.execute(PostgresQuery(unsafeSQL: KeptLayoutSQL.deleteOtherVersions, binds: Self.binds(gridVersion)), "keeping a layout")
            var binds = PostgresBindings(capacity: 3)
            binds.append(key); binds.append(gridVersion); binds.append(ByteBuffer(bytes: bytes))
            try session.execute(PostgresQuery(unsafeSQL: KeptLayoutSQL.upsert, binds: binds), "keeping a layout")
            try session.execute(PostgresQuery(unsafeSQL: KeptLayoutSQL.trim), "keeping a layout")
        }
    }
}

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
