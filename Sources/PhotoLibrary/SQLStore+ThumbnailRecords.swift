/// Thumbnail records (`ThumbnailRecordStore`), written once for both dialects.
extension SQLStore {
    /// The columns `ThumbnailRecord.init(columns:)` reads.
    static var thumbnailColumns: String {
        """
        photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
        source_content_key, source_size, source_mtime_ns, created_at, warning
        """
    }

    /// The library's unique id (32 hex digits, `library_identity`): what a thumbnail folder records as its owner.
    public func libraryID() throws(LibraryError) -> String {
        try readStatements("reading the library id") { session throws(LibraryError) in
            try session.row(LibrarySQL.libraryID, "reading the library id")?.string("uuid") ?? ""
        }
    }

    /// The record of photo `photoID`'s `variant` thumbnail, if any.
    public func thumbnailRecord(photoID: Int64, variant: String) throws(LibraryError) -> ThumbnailRecord? {
        try readStatements("reading a \(variant) thumbnail record") { session throws(LibraryError) in
            try session.row("SELECT \(Self.thumbnailColumns) FROM thumbnails WHERE photo_id = $1 AND variant = $2",
                            [.integer(photoID), .text(variant)], "reading a \(variant) thumbnail record").map(ThumbnailRecord.init(columns:))
        }
    }

    /// The thumbnail records of `variant`, by photo id.
    public func thumbnailRecords(variant: String) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        try thumbnailRecords(variant: variant, only: "")
    }

    /// The records of `variant` of the photos `photoIDs`, by photo id.
    public func thumbnailRecords(variant: String, photoIDs: [Int64]) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        photoIDs.isEmpty ? [:] : try thumbnailRecords(variant: variant, only: " AND photo_id IN (\(SQLValue.list(photoIDs)))")
    }

    /// The records of `variant` whose rows also match `only` (an SQL condition, or nothing).
    private func thumbnailRecords(variant: String, only: String) throws(LibraryError) -> [Int64: ThumbnailRecord] {
        try readStatements("reading the \(variant) thumbnails") { session throws(LibraryError) in
            var records: [Int64: ThumbnailRecord] = [:]
            try session.forEachRow("SELECT \(Self.thumbnailColumns) FROM thumbnails WHERE variant = $1\(only)", [.text(variant)],
                                   "reading the \(variant) thumbnails") { row throws(LibraryError) in
                let record = try ThumbnailRecord(columns: row)
                records[record.photoID] = record
            }
            return records
        }
    }

    /// The relative file paths of the `variant` thumbnails that were made, by photo id (what a layout export points at).
    public func thumbnailPaths(variant: String) throws(LibraryError) -> [Int64: String] {
        try readStatements("reading the \(variant) thumbnail paths") { session throws(LibraryError) in
            var paths: [Int64: String] = [:]
            try session.forEachRow("SELECT photo_id, path FROM thumbnails WHERE variant = $1 AND status = 'ok'", [.text(variant)],
                                   "reading the \(variant) thumbnail paths") { row throws(LibraryError) in
                paths[try row.int64("photo_id").notNull("photo_id")] = try row.string("path").notNull("path")
            }
            return paths
        }
    }

    /// Every file path any record of `variant` refers to (the files a cache must keep).
    public func referencedThumbnailPaths(variant: String) throws(LibraryError) -> Set<String> {
        try readStatements("reading the \(variant) thumbnail paths") { session throws(LibraryError) in
            Set(try session.decoded("SELECT DISTINCT path FROM thumbnails WHERE variant = $1 AND path IS NOT NULL", [.text(variant)],
                                    "reading the \(variant) thumbnail paths") { row throws(LibraryError) in try row.string("path").notNull("path") })
        }
    }

    /// Inserts or replaces `records` in one transaction; `createdAt` is set to `now` (UTC).
    public func saveThumbnailRecords(_ records: [ThumbnailRecord], now: String?) throws(LibraryError) {
        if records.isEmpty { return }
        try writeTransaction("writing thumbnail records") { session throws(LibraryError) in try Self.insert(records, now: now, session) }
    }

    /// Deletes the thumbnail records of every variant not in `kept` (sizes no longer used); returns how many it deleted.
    @discardableResult
    public func deleteThumbnailRecords(keepingVariants kept: Set<String>) throws(LibraryError) -> Int {
        try writeTransaction("removing the records of old thumbnail sizes") { session throws(LibraryError) in
            // No variant kept: every record goes (`NOT IN (NULL)` would keep them all).
            try session.execute(kept.isEmpty ? "DELETE FROM thumbnails" : "DELETE FROM thumbnails WHERE variant NOT IN (\(SQLValue.placeholders(kept.count)))",
                                kept.sorted().map { .text($0) }, "removing the records of old thumbnail sizes")
        }
    }

    /// The records per statement of a thumbnail upsert (13 values each, within both dialects' limits on placeholders).
    static var recordsPerStatement: Int { 1000 }

    /// Inserts or replaces `records` inside the caller's transaction; `createdAt` is set to `now` (UTC).
    ///
    /// A record whose photo row no longer exists is skipped (the foreign key would refuse it).
    static func insert(_ records: [ThumbnailRecord], now: String?, _ session: Session) throws(LibraryError) {
        let time = now ?? UTCTime.now().isoSeconds + "Z"
        for start in stride(from: 0, to: records.count, by: recordsPerStatement) {
            var values: [SQLValue] = [.text(time)]
            var rows: [String] = []
            for record in records[start ..< min(start + recordsPerStatement, records.count)] {
                var path: String?, width: Int?, height: Int?, bytes: Int64?, error: String?, warning: String?
                switch record.outcome {
                case .success(let file): (path, width, height, bytes, warning) = (file.path, file.pixelWidth, file.pixelHeight, file.byteSize, file.warning)
                case .failure(let failure): error = failure.message
                }
                let first = values.count + 1
                values += [.integer(record.photoID), .text(record.variant), .text(error == nil ? "ok" : "error"), SQLValue(path),
                           SQLValue(width), SQLValue(height), SQLValue(bytes), SQLValue(error), SQLValue(record.sourceContentKey),
                           .integer(record.sourceSize), .integer(record.sourceModificationTimeNanoseconds), SQLValue(warning)]
                let types = ["bigint", "text", "text", "text", "bigint", "bigint", "bigint", "text", "text", "bigint", "bigint", "text"]
                rows.append("(" + types.enumerated().map { "CAST($\(first + $0.offset) AS \($0.element))" }.joined(separator: ", ") + ")")
            }
            try session.execute("""
                INSERT INTO thumbnails (photo_id, variant, status, path, pixel_width, pixel_height, byte_size, error,
                                        source_content_key, source_size, source_mtime_ns, warning, created_at)
                SELECT v.*, $1 FROM (VALUES \(rows.joined(separator: ", "))) AS v
                WHERE EXISTS (SELECT 1 FROM photos WHERE photos.id = v.column1)
                ON CONFLICT (photo_id, variant) DO UPDATE SET
                    status = excluded.status, path = excluded.path, pixel_width = excluded.pixel_width,
                    pixel_height = excluded.pixel_height, byte_size = excluded.byte_size, error = excluded.error,
                    source_content_key = excluded.source_content_key, source_size = excluded.source_size,
                    source_mtime_ns = excluded.source_mtime_ns, created_at = excluded.created_at, warning = excluded.warning
                """, values, "writing thumbnail records")
        }
    }
}
