import GRDB
public import PhotoLibrary
import PhotoGridSupport
import struct Foundation.Data

extension SQLiteStore {
    /// Writes to the database's files by any process (inotify on its folder, `SQLiteChangeWatch`): each
    /// commit writes the write-ahead log. Nil when inotify cannot watch the folder (no watch left).
    public func gridAnnouncements() -> GridAnnouncements? {
        changeWatch.withLock { state in
            if !state.asked {
                state.asked = true
                state.watch = SQLiteChangeWatch(databasePath: path)
            }
            return state.watch?.announcements
        }
    }

    /// The whole grid, in grid order, and its version, from one snapshot.
    public func gridSnapshot() throws(LibraryError) -> GridSnapshot {
        try read("reading the grid into memory") { db in
            let version = try Int.fetchOne(db, sql: "SELECT version FROM grid_version WHERE id = 1") ?? 0
            let expected = try Int.fetchOne(db, sql: "SELECT photos FROM grid_size WHERE id = 1") ?? 0
            var builder = GridSnapshot.Builder(expected: expected)
            let statement = try db.makeStatement(sql: """
                SELECT grid.id, grid.display_width, grid.display_height, grid.path_bytes, photos.content_key, photos.media, photos.duration,
                       photos.poster_time
                FROM (SELECT rowid AS id, display_width, display_height, sort_key, path_bytes FROM photos
                      INDEXED BY photos_grid WHERE \(LibrarySQL.gridFilter) ORDER BY sort_key, path_bytes) AS grid
                JOIN photos ON photos.id = grid.id ORDER BY grid.sort_key, grid.path_bytes
                """)
            let rows = try Row.fetchCursor(statement)
            let (id, width, height, pathBytes, contentKey, media, duration, posterTime) = (
                try statement.position(of: "id"), try statement.position(of: "display_width"), try statement.position(of: "display_height"),
                try statement.position(of: "path_bytes"), try statement.position(of: "content_key"), try statement.position(of: "media"),
                try statement.position(of: "duration"), try statement.position(of: "poster_time"))
            while let row = try rows.next() {
                let path: Data = row[pathBytes]
                let kind: String = row[media]
                path.withUnsafeBytes {
                    builder.append(id: row[id], width: row[width], height: row[height], path: $0, contentKey: row[contentKey],
                                   media: MediaKind(rawValue: kind) ?? .photo, duration: row[duration], posterTime: row[posterTime])
                }
            }
            return GridSnapshot(version: version, builder)
        }
    }
}
