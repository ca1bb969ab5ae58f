import struct Foundation.Data

/// The grid inside one snapshot of an SQL store (`SQLStore.readGrid`), its statements written once; valid
/// only inside that call. The store finds the day a position falls in (`SQLStore.dayStart`) and lends a
/// kept layout's bytes (`SQLStore.keptLayout`).
struct SQLGridReader<Store: SQLStore>: GridWindowReader {
    let store: Store
    let session: Store.Session

    func count() throws(LibraryError) -> Int {
        try session.row(store.dialect.gridCount, "counting the grid")?.int64(at: 0).map { Int($0) } ?? 0
    }

    /// A window starts at the day holding its first position (the per-day counts of Migrations/0006):
    /// the days before it are skipped by their counts and only that day's earlier photos are walked on
    /// the covering index `photos_grid`, so the cost is the window plus one day, not the position. Only
    /// the chosen rows are read for their path and content key.
    func entries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry] {
        var inner = "SELECT id, display_width, display_height, sort_key, path_bytes FROM photos\(store.dialect.indexedBy("photos_grid")) WHERE \(LibrarySQL.gridFilter)"
        var values: [SQLValue] = []
        if let range {
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            guard let start = try store.dayStart(containing: range.lowerBound, session) else { return [] }
            inner += " AND sort_key >= $1 ORDER BY sort_key, path_bytes LIMIT $2 OFFSET $3"
            values = [.text(start.day), .integer(Int64(range.count)), .integer(Int64(range.lowerBound - start.position))]
        } else {
            inner += " ORDER BY sort_key, path_bytes"
        }
        let sql = """
            SELECT grid.id, photos.path, grid.display_width, grid.display_height, grid.path_bytes, photos.content_key,
                   photos.media, photos.duration, photos.poster_time
            FROM (\(inner)) AS grid JOIN photos ON photos.id = grid.id ORDER BY grid.sort_key, grid.path_bytes
            """
        return try session.decoded(sql, values, "reading the grid") { row throws(LibraryError) in
            GridEntry(id: try row.int64(at: 0).notNull(0), path: try row.string(at: 1).notNull(1),
                      pathBytes: [UInt8](try row.bytes(at: 4).notNull(4)), pixelWidth: Int(try row.int64(at: 2).notNull(2)),
                      pixelHeight: Int(try row.int64(at: 3).notNull(3)), contentKey: try row.string(at: 5),
                      media: MediaKind(rawValue: try row.string(at: 6).notNull(6)) ?? .photo, duration: try row.double(at: 7),
                      posterTime: try row.double(at: 8))
        }
    }

    /// Read from the per-day counts of Migrations/0006 (one row per day, not per photo).
    func sections(prefixLength: Int) throws(LibraryError) -> [(title: String, count: Int)] {
        try session.decoded("""
            SELECT substr(day, 1, \(Int32(clamping: prefixLength))) AS title, CAST(sum(photos) AS bigint) AS photos FROM grid_days
            GROUP BY title HAVING sum(photos) > 0 ORDER BY title
            """, "grouping the grid") { row throws(LibraryError) in
            (try row.string(at: 0).notNull(0), Int(try row.int64(at: 1).notNull(1)))
        }
    }

    func version() throws(LibraryError) -> Int? {
        try session.row(KeptLayoutSQL.version, "reading the grid version")?.int64(at: 0).map { Int($0) } ?? 0
    }

    func keptLayout<T>(key: String, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? {
        try store.keptLayout(key: key, session, read)
    }
}

extension SQLStore {
    public func gridVersion() throws(LibraryError) -> Int {
        try readStatements("reading the grid version") { session throws(LibraryError) in
            Int(try session.row(KeptLayoutSQL.version, "reading the grid version")?.int64(at: 0) ?? 0)
        }
    }

    /// `GridSource.readGrid`: `body` with the grid as one snapshot sees it (its size, windows and sections
    /// agree, an index run committing meanwhile is seen wholly or not at all). Errors of `body` are rethrown
    /// as they are.
    public func readGrid<T>(_ body: (any GridWindowReader) throws -> T) throws -> T {
        var bodyError: (any Error)?
        let value: T? = try readSnapshot("reading the grid") { session throws(LibraryError) -> T? in
            do { return try body(SQLGridReader(store: self, session: session)) } catch {
                if let error = error as? LibraryError { throw error }
                bodyError = error
                return nil
            }
        }
        if let bodyError { throw bodyError }
        return value!
    }

    /// The day (`grid_days.day`) holding grid position `position` and the position of its first photo
    /// (running sums of the per-day counts); nil past the end of the grid.
    public func dayStart(containing position: Int, _ session: Session) throws(LibraryError) -> (day: String, position: Int)? {
        try session.row("""
            SELECT day, start FROM (SELECT day, photos, CAST(sum(photos) OVER (ORDER BY day) - photos AS bigint) AS start FROM grid_days) AS days
            WHERE start <= \(position) AND start + photos > \(position)
            """, "finding a grid position").map { row throws(LibraryError) in
            (try row.string(at: 0).notNull(0), Int(try row.int64(at: 1).notNull(1)))
        }
    }

    /// What `read` makes of the bytes kept under `key` for the snapshot's grid version.
    public func keptLayout<T>(key: String, _ session: Session, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? {
        try session.row(KeptLayoutSQL.select, [.text(key)], "reading a kept layout")?.bytes(at: 0).flatMap { $0.withUnsafeBytes(read) }
    }
}
