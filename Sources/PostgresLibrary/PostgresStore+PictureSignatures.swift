public import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// Picture signatures in PostgreSQL (`PictureSignatureSQL`'s statements).
extension PostgresStore: PictureSignatureStore {
    public func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry] {
        var entries: [PictureSignatureIndexEntry] = []
        try session { session throws(LibraryError) in
            for row in try session.rows(PostgresQuery(unsafeSQL: PictureSignatureSQL.index), "reading picture signatures") {
                let (id, key, hash, error): (Int64, String, Int64?, String?)
                do { (id, key, hash, error) = try row.decode((Int64, String, Int64?, String?).self) } catch {
                    throw .database(operation: "reading picture signatures", message: PostgresSession.message(of: error))
                }
                entries.append(PictureSignatureSQL.entry(id: id, contentKey: key, hash: hash, error: error))
            }
        }
        return entries
    }

    public func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord] {
        if contentKeys.isEmpty { return [:] }
        var records: [String: PictureSignatureRecord] = [:]
        let query = PostgresQuery(unsafeSQL: PictureSignatureSQL.select + " WHERE s.content_key = ANY($1)", binds: Self.binds(contentKeys))
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
                var binds = PostgresBindings(capacity: 4)
                binds.append(record.contentKey); binds.append(columns.hash); binds.append(columns.error); binds.append(now)
                try session.execute(PostgresQuery(unsafeSQL: PictureSignatureSQL.upsert, binds: binds), "writing picture signatures")
                var keyed = PostgresBindings(capacity: 2)
                keyed.append(record.contentKey)
                if let signature = columns.signature {
                    keyed.append(ByteBuffer(bytes: signature))
                    try session.execute(PostgresQuery(unsafeSQL: PictureSignatureSQL.upsertBytes, binds: keyed), "writing picture signatures")
                } else {
                    try session.execute(PostgresQuery(unsafeSQL: PictureSignatureSQL.deleteBytes, binds: keyed), "writing picture signatures")
                }
            }
        }
    }
}
