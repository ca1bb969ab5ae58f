import GRDB
import struct Foundation.Data

/// Picture signatures in SQLite (`PictureSignatureSQL`'s statements).
extension PhotoStore: PictureSignatureStore {
    public func pictureHashes() throws(LibraryError) -> [String: UInt64?] {
        try read("reading picture signatures") { db in
            var hashes: [String: UInt64?] = [:]
            let rows = try Row.fetchCursor(db, sql: PictureSignatureSQL.hashes)
            while let row = try rows.next() {
                hashes[row[0]] = .some((row[1] as Int64?).map { UInt64(bitPattern: $0) })
            }
            return hashes
        }
    }

    public func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord] {
        if contentKeys.isEmpty { return [:] }
        return try read("reading picture signatures") { db in
            var records: [String: PictureSignatureRecord] = [:]
            // SQLite binds at most 32,766 values a statement.
            for start in stride(from: 0, to: contentKeys.count, by: 10_000) {
                let keys = Array(contentKeys[start ..< min(start + 10_000, contentKeys.count)])
                let marks = keys.map { _ in "?" }.joined(separator: ", ")
                for row in try Row.fetchAll(db, sql: PictureSignatureSQL.select + " WHERE content_key IN (\(marks))",
                                            arguments: StatementArguments(keys)) {
                    let record = PictureSignatureSQL.record(contentKey: row["content_key"], hash: row["hash"],
                                                            signature: (row["signature"] as Data?).map { [UInt8]($0) }, error: row["error"])
                    records[record.contentKey] = record
                }
            }
            return records
        }
    }

    public func savePictureSignatures(_ records: [PictureSignatureRecord]) throws(LibraryError) {
        if records.isEmpty { return }
        let now = UTCTime.now().isoSeconds + "Z"
        try write("writing picture signatures") { db in
            let statement = try db.cachedStatement(sql: PictureSignatureSQL.upsert)
            for record in records {
                let columns = PictureSignatureSQL.columns(record)
                try statement.execute(arguments: [record.contentKey, columns.hash, columns.signature.map { Data($0) }, columns.error, now])
            }
        }
    }
}
