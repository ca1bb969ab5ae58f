public import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// The grid in PostgreSQL: its statements are `SQLStore+Grid`'s, read in REPEATABLE READ transactions so
/// a window, its count and its sections come from one snapshot; the whole grid is read here, row by row.
extension PostgresStore {
    static let snapshotMode = "ISOLATION LEVEL REPEATABLE READ READ ONLY"

    public func gridSnapshot() throws(LibraryError) -> GridSnapshot {
        try transaction("reading the grid into memory", mode: Self.snapshotMode) { session throws(LibraryError) in
            let version = try session.rows("SELECT version FROM grid_version WHERE id = 1", "reading the grid version")
                .first?.makeRandomAccess().value("version", Int.self) ?? 0
            let count = try session.rows(PostgresQuery(unsafeSQL: SQLDialect.postgres.gridCount), "counting the grid")
                .first?.makeRandomAccess().value("photos", Int.self) ?? 0
            let building = SnapshotBuilding(GridSnapshot.Builder(expected: count))
            // Rows as they arrive (a million of them), read by position (the columns of `snapshotSQL`, in order)
            // from their cells' bytes, on the connections' event loop while this thread waits.
            try session.forEachRow(PostgresQuery(unsafeSQL: Self.snapshotSQL), "reading the grid into memory") { row in
                var cells = row.makeIterator()
                guard let idCell = cells.next(), let widthCell = cells.next(), let heightCell = cells.next(), let pathCell = cells.next(),
                      let keyCell = cells.next(), let mediaCell = cells.next(), let durationCell = cells.next(), let posterCell = cells.next(),
                      let id = try idCell.int64(), let width = try widthCell.int64(), let height = try heightCell.int64(),
                      let path = pathCell.bytes else { throw MissingValue() }
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

    /// The whole grid's rows for `gridSnapshot`: only what the snapshot keeps, in this order.
    static let snapshotSQL = """
        SELECT id, display_width, display_height, path_bytes, content_key, media, duration, poster_time FROM photos
        WHERE \(LibrarySQL.gridFilter) ORDER BY sort_key, path_bytes
        """

    /// A grid row without a value its column always has (the schema's NOT NULLs, or a short row).
    struct MissingValue: Error, CustomStringConvertible {
        var description: String { "a grid row lacks its id, size or path" }
    }
}

/// A grid snapshot being built from rows the connections' event loop hands over one by one, while the
/// reading thread waits for the statement to end (that wait orders every access).
private final class SnapshotBuilding: @unchecked Sendable {
    var builder: GridSnapshot.Builder?
    init(_ builder: consuming GridSnapshot.Builder) { self.builder = consume builder }
}
