public import PhotoLibrary
import GRDB
import struct Foundation.Data

extension SQLiteStore {
    /// Runs `body` with the grid as one read transaction sees it: its size and the photos at any
    /// positions all come from the same snapshot, so an index run committing meanwhile is seen either
    /// wholly or not at all. Errors of `body` are rethrown as they are; the reader's own are `LibraryError`.
    public func readGrid<T>(_ body: (any GridWindowReader) throws -> T) throws -> T {
        var bodyError: (any Error)?
        let value: T? = try read("reading the grid") { db in
            do { return try body(GridReader(db: db, dayIndex: dayIndex)) } catch { bodyError = error; return nil }
        }
        if let bodyError { throw bodyError }
        return value!
    }
}

/// The grid inside one read transaction of `SQLiteStore.readGrid`; valid only inside that call.
public struct GridReader {
    let db: Database
    let dayIndex: GridDayIndex

    /// Number of photos in the grid, as kept by the triggers of Migrations/0003 (`grid_size`).
    public func count() throws(LibraryError) -> Int {
        try run("counting the grid") { db in
            try Int.fetchOne(db, sql: "SELECT photos FROM grid_size WHERE id = 1") ?? 0
        }
    }

    /// The photos at grid positions `range` (all of them when nil), in grid order.
    ///
    /// A window starts at the day holding its first position (the per-day counts of Migrations/0006):
    /// the days before it are skipped by their counts and only that day's earlier photos are walked on
    /// the covering index `photos_grid`, so the cost is the window plus one day, not the position. Only
    /// the chosen rows are read for their path and content key.
    public func entries(_ range: Range<Int>? = nil) throws(LibraryError) -> [GridEntry] {
        var inner = "SELECT rowid AS id, display_width, display_height, sort_key, path_bytes FROM photos INDEXED BY photos_grid WHERE \(LibrarySQL.gridFilter)"
        var arguments: StatementArguments = []
        if let range {
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            guard let start = try dayStart(containing: range.lowerBound) else { return [] }
            inner += " AND sort_key >= ? ORDER BY sort_key, path_bytes LIMIT ? OFFSET ?"
            arguments = [start.day, range.count, range.lowerBound - start.position]
        } else {
            inner += " ORDER BY sort_key, path_bytes"
        }
        let sql = """
            SELECT grid.id, photos.path, grid.display_width, grid.display_height, grid.path_bytes, photos.content_key,
                   photos.media, photos.duration, photos.poster_time
            FROM (\(inner)) AS grid JOIN photos ON photos.id = grid.id ORDER BY grid.sort_key, grid.path_bytes
            """
        return try run("reading the grid") { db in
            var entries: [GridEntry] = []
            let statement = try db.makeStatement(sql: sql)
            let rows = try Row.fetchCursor(statement, arguments: arguments)
            let (id, path, width, height, pathBytes, contentKey, media, duration, posterTime) = (
                try statement.position(of: "id"), try statement.position(of: "path"), try statement.position(of: "display_width"),
                try statement.position(of: "display_height"), try statement.position(of: "path_bytes"), try statement.position(of: "content_key"),
                try statement.position(of: "media"), try statement.position(of: "duration"), try statement.position(of: "poster_time"))
            while let row = try rows.next() {
                let bytes: Data = row[pathBytes]
                let kind: String = row[media]
                entries.append(GridEntry(id: row[id], path: row[path], pathBytes: [UInt8](bytes),
                                         pixelWidth: row[width], pixelHeight: row[height], contentKey: row[contentKey],
                                         media: MediaKind(rawValue: kind) ?? .photo, duration: row[duration],
                                         posterTime: row[posterTime]))
            }
            return entries
        }
    }

    /// The grid's photos grouped by the first `prefixLength` characters of their day (10: the day
    /// `YYYY-MM-DD`, 7: the month, 4: the year), in grid order: each group is a contiguous run of grid
    /// positions, read from the per-day counts of Migrations/0006 (one row per day, not per photo).
    public func sections(prefixLength: Int) throws(LibraryError) -> [(title: String, count: Int)] {
        try run("grouping the grid") { db in
            var result: [(title: String, count: Int)] = []
            let rows = try Row.fetchCursor(db, sql: """
                SELECT substr(day, 1, ?) AS title, sum(photos) AS photos FROM grid_days GROUP BY title ORDER BY title
                """, arguments: [prefixLength])
            while let row = try rows.next() {
                let count: Int = row["photos"]
                if count > 0 { result.append((row["title"], count)) }
            }
            return result
        }
    }

    /// The day (`grid_days.day`) whose photos include grid position `position`, and the grid position
    /// of that day's first photo; nil past the end of the grid.
    func dayStart(containing position: Int) throws(LibraryError) -> (day: String, position: Int)? {
        try run("finding a grid position") { db in try dayIndex.dayStart(containing: position, db: db) }
    }

    private func run<T>(_ operation: String, _ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try body(db)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw SQLiteStore.libraryError(error, operation: operation)
        }
    }
}
