import PostgresNIO
import struct Foundation.Data

/// The grid in PostgreSQL: the same rows, order and per-day counts as SQLite's (`PhotoStore+Grid`),
/// read in REPEATABLE READ transactions so a window, its count and its sections come from one snapshot.
extension PostgresStore {
    static let snapshotMode = "ISOLATION LEVEL REPEATABLE READ READ ONLY"

    public func readGrid<T>(_ body: (any GridWindowReader) throws -> T) throws -> T {
        var bodyError: (any Error)?
        let value: T? = try transaction("reading the grid", mode: Self.snapshotMode) { session throws(LibraryError) -> T? in
            do { return try body(PostgresGridReader(session: session)) } catch {
                if let error = error as? LibraryError { throw error }
                bodyError = error
                return nil
            }
        }
        if let bodyError { throw bodyError }
        return value!
    }

    public func gridCount() throws(LibraryError) -> Int {
        try session { session throws(LibraryError) in try PostgresGridReader(session: session).count() }
    }

    public func gridEntries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry] {
        try transaction("reading the grid", mode: Self.snapshotMode) { session throws(LibraryError) in
            try PostgresGridReader(session: session).entries(range)
        }
    }

    public func gridVersion() throws(LibraryError) -> Int {
        try fetch("SELECT version FROM grid_version WHERE id = 1", "reading the grid version") { row throws(LibraryError) in
            try row.value("version", Int.self)
        }.first ?? 0
    }

    public func gridSnapshot() throws(LibraryError) -> GridSnapshot {
        try transaction("reading the grid into memory", mode: Self.snapshotMode) { session throws(LibraryError) in
            let reader = PostgresGridReader(session: session)
            let version = try session.rows("SELECT version FROM grid_version WHERE id = 1", "reading the grid version")
                .first?.makeRandomAccess().value("version", Int.self) ?? 0
            var builder = GridSnapshot.Builder(expected: try reader.count())
            for row in try session.rows(PostgresQuery(unsafeSQL: PostgresGridReader.entriesSQL(window: false)), "reading the grid into memory") {
                let row = row.makeRandomAccess()
                let path = try row.value("path_bytes", ByteBuffer.self)
                let media = MediaKind(rawValue: try row.value("media", String.self)) ?? .photo
                let (id, width, height, key): (Int64, Int, Int, String?) = (try row.value("id"), try row.value("display_width"),
                                                                            try row.value("display_height"), try row.value("content_key"))
                let (duration, poster): (Double?, Double?) = (try row.value("duration"), try row.value("poster_time"))
                path.withUnsafeReadableBytes {
                    builder.append(id: id, width: width, height: height, path: $0, contentKey: key, media: media,
                                   duration: duration, posterTime: poster)
                }
            }
            return GridSnapshot(version: version, builder)
        }
    }
}

/// The grid inside one transaction of `PostgresStore.readGrid`; valid only inside that call.
struct PostgresGridReader: GridWindowReader {
    let session: PostgresSession

    /// The grid's rows in grid order (from `$1`'s day on, `$2` rows after skipping `$3`, for a window).
    static func entriesSQL(window: Bool) -> String {
        """
        SELECT id, path, display_width, display_height, path_bytes, content_key, media, duration, poster_time FROM photos
        WHERE \(PhotoStore.gridFilter)\(window ? " AND sort_key >= $1" : "") ORDER BY sort_key, path_bytes\(window ? " LIMIT $2 OFFSET $3" : "")
        """
    }

    func count() throws(LibraryError) -> Int {
        try session.rows("SELECT coalesce(sum(photos), 0)::bigint AS photos FROM grid_days", "counting the grid")
            .first?.makeRandomAccess().value("photos", Int.self) ?? 0
    }

    func entries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry] {
        var query = PostgresQuery(unsafeSQL: Self.entriesSQL(window: false))
        if let range {
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            guard let start = try dayStart(containing: range.lowerBound) else { return [] }
            query = PostgresQuery(unsafeSQL: Self.entriesSQL(window: true),
                                  binds: PostgresStore.binds(start.day, range.count, range.lowerBound - start.position))
        }
        return try session.rows(query, "reading the grid").map { row throws(LibraryError) in
            let row = row.makeRandomAccess()
            return GridEntry(id: try row.value("id"), path: try row.value("path"), pathBytes: [UInt8](try row.value("path_bytes", Data.self)),
                             pixelWidth: try row.value("display_width"), pixelHeight: try row.value("display_height"),
                             contentKey: try row.value("content_key"),
                             media: MediaKind(rawValue: try row.value("media", String.self)) ?? .photo,
                             duration: try row.value("duration"), posterTime: try row.value("poster_time"))
        }
    }

    func sections(prefixLength: Int) throws(LibraryError) -> [(title: String, count: Int)] {
        try session.rows("""
            SELECT substr(day, 1, \(Int32(clamping: prefixLength))) AS title, sum(photos)::bigint AS photos FROM grid_days
            GROUP BY title HAVING sum(photos) > 0 ORDER BY title
            """, "grouping the grid").map { row throws(LibraryError) in
            let row = row.makeRandomAccess()
            return (try row.value("title", String.self), try row.value("photos", Int.self))
        }
    }

    /// The day holding grid position `position` and the position of its first photo (running sums of
    /// the per-day counts); nil past the end of the grid.
    func dayStart(containing position: Int) throws(LibraryError) -> (day: String, position: Int)? {
        try session.rows("""
            SELECT day, start FROM (SELECT day, photos, (sum(photos) OVER (ORDER BY day) - photos)::bigint AS start FROM grid_days) AS days
            WHERE start <= \(position) AND start + photos > \(position)
            """, "finding a grid position").first.map { row throws(LibraryError) in
            let row = row.makeRandomAccess()
            return (try row.value("day", String.self), try row.value("start", Int.self))
        }
    }
}
