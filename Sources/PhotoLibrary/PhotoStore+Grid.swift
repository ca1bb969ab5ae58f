import GRDB
import struct Foundation.Data

extension PhotoStore {
    /// The grid holds the `ok` photos (readable, present), in grid order: `(sort_key, path_bytes)`;
    /// the partial index `photos_grid` (Migrations/0003) covers exactly them.
    static let gridFilter = "status = 'ok'"

    /// Number of photos in the grid, as kept by the triggers of Migrations/0003 (`grid_size`).
    public func gridCount() throws(LibraryError) -> Int {
        try read("counting the grid") { db in
            try Int.fetchOne(db, sql: "SELECT photos FROM grid_size WHERE id = 1") ?? 0
        }
    }

    /// The grid's photos at positions `range` (all of them when nil), in grid order. The positions are
    /// found on the covering index `photos_grid` alone; only the chosen rows are read for their path.
    public func gridEntries(_ range: Range<Int>? = nil) throws(LibraryError) -> [GridEntry] {
        var inner = """
            SELECT rowid AS id, display_width, display_height, sort_key, path_bytes FROM photos INDEXED BY photos_grid
            WHERE \(Self.gridFilter) ORDER BY sort_key, path_bytes
            """
        var arguments: StatementArguments = []
        if let range {
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            inner += " LIMIT ? OFFSET ?"
            arguments = [range.count, range.lowerBound]
        }
        let sql = """
            SELECT grid.id, photos.path, grid.display_width, grid.display_height, grid.path_bytes
            FROM (\(inner)) AS grid JOIN photos ON photos.id = grid.id ORDER BY grid.sort_key, grid.path_bytes
            """
        return try read("reading the grid") { db in
            var entries: [GridEntry] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                let pathBytes: Data = row[4]
                entries.append(GridEntry(id: row[0], path: row[1], pathBytes: [UInt8](pathBytes),
                                         pixelWidth: row[2], pixelHeight: row[3]))
            }
            return entries
        }
    }
}
