import PostgresNIO
import struct Foundation.Data

/// Picture signatures in PostgreSQL (`PictureSignatureSQL`'s statements).
extension PostgresStore: PictureSignatureStore {
    public func pictureHashes() throws(LibraryError) -> [String: UInt64?] {
        var hashes: [String: UInt64?] = [:]
        for (key, hash) in try fetch(PostgresQuery(unsafeSQL: PictureSignatureSQL.hashes), "reading picture signatures", { row throws(LibraryError) in
            (try row.value("content_key", String.self), try row.value("hash", Int64?.self))
        }) { hashes[key] = .some(hash.map { UInt64(bitPattern: $0) }) }
        return hashes
    }

    public func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord] {
        if contentKeys.isEmpty { return [:] }
        var records: [String: PictureSignatureRecord] = [:]
        let query = PostgresQuery(unsafeSQL: PictureSignatureSQL.select + " WHERE content_key = ANY($1)", binds: Self.binds(contentKeys))
        for record in try fetch(query, "reading picture signatures", { row throws(LibraryError) in
            PictureSignatureSQL.record(contentKey: try row.value("content_key"), hash: try row.value("hash"),
                                       signature: (try row.value("signature", Data?.self)).map { [UInt8]($0) }, error: try row.value("error"))
        }) { records[record.contentKey] = record }
        return records
    }

    public func savePictureSignatures(_ records: [PictureSignatureRecord]) throws(LibraryError) {
        if records.isEmpty { return }
        let now = UTCTime.now().isoSeconds + "Z"
        try transaction("writing picture signatures") { session throws(LibraryError) in
            for record in records {
                let columns = PictureSignatureSQL.columns(record)
                var binds = PostgresBindings(capacity: 5)
                binds.append(record.contentKey); binds.append(columns.hash)
                binds.append(columns.signature.map { ByteBuffer(bytes: $0) }); binds.append(columns.error); binds.append(now)
                try session.execute(PostgresQuery(unsafeSQL: PictureSignatureSQL.upsert, binds: binds), "writing picture signatures")
            }
        }
    }
}
