public import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// The grid in PostgreSQL: the same rows, order and per-day counts as SQLite's (`SQLiteStore+Grid`),
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
            let building = SnapshotBuilding(GridSnapshot.Builder(expected: try reader.count()))
            // Rows as they arrive, read by position (the columns of `snapshotSQL`, in order) from their cells' bytes.
            try session.forEachRow(PostgresQuery(unsafeSQL: PostgresGridReader.snapshotSQL), "reading the grid into memory") { row in
                var cells = row.makeIterator()
                guard let idCell = cells.next(), let widthCell = cells.next(), let heightCell = cells.next(), let pathCell = cells.next(),
                      let keyCell = cells.next(), let mediaCell = cells.next(), let durationCell = cells.next(), let posterCell = cells.next(),
                      let id = try idCell.int64(), let width = try widthCell.int64(), let height = try heightCell.int64(),
                      let path = pathCell.bytes else { throw PostgresGridReader.MissingValue() }
                let media = try mediaCell.string().flatMap(MediaKind.init(rawValue:)) ?? .photo
                let (key, duration, poster) = (try keyCell.string(), try durationCell.double(), try posterCell.double())
                path.withUnsafeReadableBytes {
                    building.builder!.append(id: id, width: Int(width), height: Int(height), path: $0, contentKey: key,
                                             media: media, duration: duration, posterTime: poster)
                }
            }
            return GridSnapshot(version: version, building.builder.take()!)
        }
    }
}

/// A grid snapshot being built from rows the connections' event loop hands over one by one, while the
/// reading thread waits for the statement to end (that wait orders every access).
private final class SnapshotBuilding: @unchecked Sendable {
    var builder: GridSnapshot.Builder?
    init(_ builder: consuming GridSnapshot.Builder) { self.builder = consume builder }
}

/// Grid entries collected from rows the connections' event loop hands over, as `SnapshotBuilding`.
private final class EntriesBuilding: @unchecked Sendable {
    var list: [GridEntry] = []
}

/// The grid inside one transaction of `PostgresStore.readGrid`; valid only inside that call.
struct PostgresGridReader: GridWindowReader {
    let session: PostgresSession

    /// A grid row without a value its column always has (the schema's NOT NULLs, or a short row).
    struct MissingValue: Error, CustomStringConvertible {
        var description: String { "a grid row lacks its id, size or path" }
    }

    /// The grid's rows in grid order (from `$1`'s day on, `$2` rows after skipping `$3`, for a window).
    /// The whole grid's rows for `gridSnapshot`: only what the snapshot keeps, in this order.
    static let snapshotSQL = """
        SELECT id, display_width, display_height, path_bytes, content_key, media, duration, poster_time FROM photos
        WHERE \(LibrarySQL.gridFilter) ORDER BY sort_key, path_bytes
        """

    static func entriesSQL(window: Bool) -> String {
        """
        SELECT id, path, display_width, display_height, path_bytes, content_key, media, duration, poster_time FROM photos
        WHERE \(LibrarySQL.gridFilter)\(window ? " AND sort_key >= $1" : "") ORDER BY sort_key, path_bytes\(window ? " LIMIT $2 OFFSET $3" : "")
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
        // Rows as they arrive (a whole grid is a million of them), decoded by position: `entriesSQL`'s columns.
        let entries = EntriesBuilding()
        try session.forEachRow(query, "reading the grid") { row in
            let (id, path, width, height, pathBytes, key, media, duration, poster) = try row.decode(
                (Int64, String, Int, Int, ByteBuffer, String?, String, Double?, Double?).self)
            entries.list.append(GridEntry(id: id, path: path, pathBytes: Array(pathBytes.readableBytesView), pixelWidth: width,
                                          pixelHeight: height, contentKey: key, media: MediaKind(rawValue: media) ?? .photo,
                                          duration: duration, posterTime: poster))
        }
        return entries.list
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
