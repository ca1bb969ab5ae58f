/// Photo rows (`PhotoRowStore`) and the library's metadata, written once for both dialects.
extension SQLStore {
    /// Photos in grid order (by taken-at, else mtime, then path): of one of `statuses`, or all when nil.
    public func photos(statuses: Set<PhotoStatus>?) throws(LibraryError) -> [Photo] {
        var filter = ""
        if let statuses {
            if statuses.isEmpty { return [] }
            filter = " WHERE status IN (\(statuses.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")))"
        }
        return try readStatements("listing photos") { session throws(LibraryError) in
            try session.decoded("SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource)\(filter) ORDER BY sort_key, path_bytes",
                                "listing photos", Photo.init(columns:))
        }
    }

    /// Photos `offset ..< offset + limit` in grid order and the number of rows, from one snapshot: of
    /// every status, or of `status` alone.
    public func photoPage(offset: Int, limit: Int, status: PhotoStatus?) throws(LibraryError) -> (photos: [Photo], total: Int) {
        let filter = status.map { " WHERE status = '\($0.rawValue)'" } ?? ""
        return try readSnapshot("listing photos") { session throws(LibraryError) in
            let photos = try session.decoded("""
                SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource)\(filter) ORDER BY sort_key, path_bytes LIMIT $1 OFFSET $2
                """, [.integer(Int64(limit)), .integer(Int64(offset))], "listing photos", Photo.init(columns:))
            return (photos, try session.row("SELECT count(*) AS total FROM photos\(filter)", "counting photos")?.int("total") ?? 0)
        }
    }

    /// The first `limit` readable photos (status ok) whose content key is `contentKey` (identical files), by id.
    public func photos(contentKey: String, limit: Int) throws(LibraryError) -> [Photo] {
        try readStatements("finding photos by content key") { session throws(LibraryError) in
            try session.decoded("""
                SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource) WHERE content_key = $1 AND status = 'ok' ORDER BY id LIMIT $2
                """, [.text(contentKey), .integer(Int64(limit))], "finding photos by content key", Photo.init(columns:))
        }
    }

    /// The photo with row id `id`, if any.
    public func photo(id: Int64) throws(LibraryError) -> Photo? {
        try readStatements("reading photo \(id)") { session throws(LibraryError) in
            try session.row("SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource) WHERE id = $1", [.integer(id)], "reading photo \(id)")
                .map(Photo.init(columns:))
        }
    }

    /// The photos with row ids `ids` (those that exist), by id.
    public func photos(ids: [Int64]) throws(LibraryError) -> [Photo] {
        if ids.isEmpty { return [] }
        return try readSnapshot("reading photos by id") { session throws(LibraryError) in
            var photos: [Photo] = []
            for chunk in ids.statementChunks {
                photos += try session.decoded("""
                    SELECT \(dialect.photoColumns) FROM \(LibrarySQL.photoSource) WHERE id IN (\(SQLValue.list(chunk)))
                    ORDER BY id
                    """, "reading photos by id", Photo.init(columns:))
            }
            return photos
        }
    }

    /// The folder this database indexes; nil until an index run has completed.
    public func root() throws(LibraryError) -> LibraryRoot? {
        try readStatements("reading the library folder") { session throws(LibraryError) in
            guard let row = try session.row(LibrarySQL.root, "reading the library folder") else { return nil }
            return LibraryRoot(pathBytes: [UInt8](try row.bytes("root_bytes").notNull("root_bytes")), path: try row.string("root").notNull("root"),
                               lastIndexedAt: try row.string("last_indexed_at").notNull("last_indexed_at"))
        }
    }

    /// The names of the applied migrations, sorted.
    public func appliedMigrations() throws(LibraryError) -> [String] {
        try readStatements("reading schema_migrations") { session throws(LibraryError) in
            try session.decoded(LibrarySQL.appliedMigrations, "reading schema_migrations") { row throws(LibraryError) in try row.string("name").notNull("name") }
        }
    }

    /// Totals for `photogrid stats`, from one snapshot.
    public func counts() throws(LibraryError) -> LibraryCounts {
        try readSnapshot("counting photos") { session throws(LibraryError) in
            var counts = LibraryCounts()
            try session.forEachRow(LibrarySQL.statusCounts, [], "counting photos") { row throws(LibraryError) in
                let count = try row.int("rows").notNull("rows")
                counts.photos += count
                switch PhotoStatus(rawValue: try row.string("status").notNull("status")) {
                case .ok: counts.ok = count
                case .error: counts.errors = count
                case .missing: counts.missing = count
                case nil: break
                }
            }
            if let row = try session.row("""
                SELECT count(*) FILTER (WHERE orientation <> 1) AS reoriented, count(*) FILTER (WHERE progressive = 1) AS progressive,
                       count(taken_at) AS dated, CAST(coalesce(sum(file_size), 0) AS bigint) AS bytes, min(sort_key) AS earliest,
                       max(sort_key) AS latest
                FROM photos WHERE status = 'ok'
                """, "counting photos") {
                counts.reoriented = try row.int("reoriented").notNull("reoriented")
                counts.progressive = try row.int("progressive").notNull("progressive")
                counts.withTakenAt = try row.int("dated").notNull("dated")
                counts.okBytes = try row.int64("bytes").notNull("bytes")
                counts.earliest = try row.string("earliest")
                counts.latest = try row.string("latest")
            }
            for (sql, keyPath) in [
                ("SELECT color_space AS name, count(*) AS rows FROM photos WHERE status = 'ok' AND color_space IS NOT NULL GROUP BY color_space",
                 \LibraryCounts.colorSpaces),
                ("SELECT format AS name, count(*) AS rows FROM photos WHERE status = 'ok' GROUP BY format", \LibraryCounts.formats),
                ("SELECT media AS name, count(*) AS rows FROM photos WHERE \(LibrarySQL.gridFilter) GROUP BY media", \LibraryCounts.media),
            ] as [(String, WritableKeyPath<LibraryCounts, [String: Int]>)] {
                try session.forEachRow(sql, [], "counting photos") { row throws(LibraryError) in
                    counts[keyPath: keyPath][try row.string("name").notNull("name")] = try row.int("rows").notNull("rows")
                }
            }
            return counts
        }
    }
}
