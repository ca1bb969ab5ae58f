public import PhotoLibrary
import GRDB
import struct Foundation.Data

/// Picture signatures in SQLite (`PictureSignatureSQL`'s statements).
extension SQLiteStore: PictureSignatureStore {
    public func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry] {
        try read("reading picture signatures") { db in
            var entries: [PictureSignatureIndexEntry] = []
            let rows = try Row.fetchCursor(db, sql: PictureSignatureSQL.index)
            while let row = try rows.next() {
                entries.append(PictureSignatureSQL.entry(id: row[0], contentKey: row[1], hash: row[2], error: row[3]))
            }
            return entries
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
                for row in try Row.fetchAll(db, sql: PictureSignatureSQL.select + " WHERE s.content_key IN (\(marks))",
                                            arguments: StatementArguments(keys)) {
                    let record = PictureSignatureSQL.record(contentKey: row["content_key"], hash: row["hash"],
                                                            signature: (row["signature"] as Data?).map { [UInt8]($0) }, error: row["error"])
                    records[record.contentKey] = record
                }
            }
            return records
        }
    }

    public func savePictureSignatures(_ batch: [PictureSignatureRecord]) throws(LibraryError) {
        if batch.isEmpty { return }
        let now = UTCTime.now().isoSeconds + "Z"
        try write("writing picture signatures") { db in
            let records = try db.cachedStatement(sql: PictureSignatureSQL.upsert)
            let bytes = try db.cachedStatement(sql: PictureSignatureSQL.upsertBytes)
            let noBytes = try db.cachedStatement(sql: PictureSignatureSQL.deleteBytes)
            for record in batch {
                let columns = PictureSignatureSQL.columns(record)
                try records.execute(arguments: [record.contentKey, columns.hash, columns.error, now])
                if let signature = columns.signature {
                    try bytes.execute(arguments: [record.contentKey, Data(signature)])
                } else {
                    try noBytes.execute(arguments: [record.contentKey])
                }
            }
        }
    }
}
