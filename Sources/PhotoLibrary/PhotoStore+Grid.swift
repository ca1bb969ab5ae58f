import GRDB

extension PhotoStore {
    /// The grid holds the `ok` photos (readable, present), in grid order: `(sort_key, path_bytes)`.
    static let gridFilter = "status = 'ok' AND display_width > 0 AND display_height > 0"

    /// Number of photos in the grid.
    public func gridCount() throws(LibraryError) -> Int {
        try read("counting the grid") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM photos WHERE \(Self.gridFilter)") ?? 0
        }
    }

    /// The grid's photos at positions `range` (all of them when nil), in grid order. Walks the
    /// `photos_grid_order` index, reading only the four columns the layout needs.
    public func gridEntries(_ range: Range<Int>? = nil) throws(LibraryError) -> [GridEntry] {
        var sql = """
            SELECT id, path, display_width, display_height FROM photos INDEXED BY photos_grid_order
            WHERE \(Self.gridFilter) ORDER BY sort_key, path_bytes
            """
        var arguments: StatementArguments = []
        if let range {
            guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
            sql += " LIMIT ? OFFSET ?"
            arguments = [range.count, range.lowerBound]
        }
        return try read("reading the grid") { db in
            var entries: [GridEntry] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                entries.append(GridEntry(id: row[0], path: row[1], pixelWidth: row[2], pixelHeight: row[3]))
            }
            return entries
        }
    }
}
