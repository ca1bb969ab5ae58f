import struct Foundation.Data

/// Picture signatures (`PictureSignatureStore`) and kept layouts (`KeptLayoutStore`), written once for both
/// dialects.
extension SQLStore {
    /// Read a million rows at a time: by position.
    public func pictureSignatureIndex() throws(LibraryError) -> [PictureSignatureIndexEntry] {
        try readStatements("reading picture signatures") { session throws(LibraryError) in
            try session.decoded(PictureSignatureSQL.index, "reading picture signatures") { row throws(LibraryError) in
                PictureSignatureSQL.entry(id: try row.int64(at: 0).notNull(0), contentKey: try row.string(at: 1).notNull(1),
                                          hash: try row.int64(at: 2), error: try row.string(at: 3))
            }
        }
    }

    public func pictureSignatures(contentKeys: [String]) throws(LibraryError) -> [String: PictureSignatureRecord] {
        if contentKeys.isEmpty { return [:] }
        return try readSnapshot("reading picture signatures") { session throws(LibraryError) in
            var records: [String: PictureSignatureRecord] = [:]
            for keys in contentKeys.statementChunks {
                try session.forEachRow(PictureSignatureSQL.select + " WHERE s.content_key IN (\(SQLValue.placeholders(keys.count)))",
                                       keys.map { .text($0) }, "reading picture signatures") { row throws(LibraryError) in
                    let record = PictureSignatureSQL.record(contentKey: try row.string("content_key").notNull("content_key"), hash: try row.int64("hash"),
                                                            signature: try row.bytes("signature").map { [UInt8]($0) }, error: try row.string("error"))
                    records[record.contentKey] = record
                }
            }
            return records
        }
    }

    public func savePictureSignatures(_ records: [PictureSignatureRecord]) throws(LibraryError) {
        if records.isEmpty { return }
        let now = UTCTime.now().isoSeconds + "Z"
        try writeTransaction("writing picture signatures") { session throws(LibraryError) in
            for record in records {
                let columns = PictureSignatureSQL.columns(record)
                try session.execute(PictureSignatureSQL.upsert, [.text(record.contentKey), SQLValue(columns.hash), SQLValue(columns.error), .text(now)],
                                    "writing picture signatures")
                if let signature = columns.signature {
                    try session.execute(PictureSignatureSQL.upsertBytes, [.text(record.contentKey), .blob(Data(signature))], "writing picture signatures")
                } else {
                    try session.execute(PictureSignatureSQL.deleteBytes, [.text(record.contentKey)], "writing picture signatures")
                }
            }
        }
    }

    public func keepLayout(key: String, gridVersion: Int, bytes: [UInt8]) throws(LibraryError) {
        try writeTransaction("keeping a layout") { session throws(LibraryError) in
            try session.execute(KeptLayoutSQL.deleteOtherVersions, [.integer(Int64(gridVersion))], "keeping a layout")
            try session.execute(KeptLayoutSQL.upsert, [.text(key), .integer(Int64(gridVersion)), .blob(Data(bytes))], "keeping a layout")
            try session.execute(KeptLayoutSQL.trim, [], "keeping a layout")
        }
    }
}
