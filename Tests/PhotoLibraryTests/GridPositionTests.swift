import TestSupport
import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary

/// Grid windows found through the per-day counts (Migrations/0006) against the plain ordered query,
/// and every grid document read from one snapshot.
@Suite struct GridPositionTests {
    /// Inserts a photo row as the indexer would leave it (only what the grid reads is varied).
    static func insert(_ db: Database, path: String, sortKey: String, status: String, width: Int = 4, height: Int = 3) throws {
        try db.execute(sql: """
            INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height,
              display_width, display_height, orientation, sort_key, status, error, first_seen, last_seen)
            VALUES (?, ?, 1, 0, NULL, ?, ?, ?, ?, 1, ?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')
            """, arguments: [Data(path.utf8), path, width, height, width, height, sortKey, status,
                             status == "error" ? "not a JPEG" : nil])
    }

    /// The grid's ids at positions [offset, offset + limit), by the plain ordered query (no index hint,
    /// no per-day counts).
    static func plainWindow(_ store: SQLiteStore, offset: Int, limit: Int) throws -> [Int64] {
        try store.pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM photos WHERE status = 'ok' ORDER BY sort_key, path_bytes LIMIT ? OFFSET ?",
                               arguments: [limit, offset])
        }
    }

    /// `grid_days` as kept by the triggers, and as a recount of the rows.
    static func days(_ store: SQLiteStore) throws -> (kept: [String: Int], counted: [String: Int]) {
        try store.pool.read { db in
            var kept: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT day, photos FROM grid_days") { kept[row[0]] = row[1] }
            var counted: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT substr(sort_key, 1, 10), count(*) FROM photos WHERE status = 'ok' GROUP BY 1") {
                counted[row[0]] = row[1]
            }
            return (kept, counted)
        }
    }

    /// Sort keys from a few days (many equal days and equal keys), plus keys shorter than a day.
    static func randomSortKey(_ random: inout SplitMix64) -> String {
        let day = ["2019-12-31", "2020-01-01", "2020-01-02", "2020-02-29", "2023-07-04"].randomElement(using: &random)!
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return "2020"
        case 1: return ""
        default: return "\(day)T\(String(format: "%02d", Int.random(in: 0..<3, using: &random))):00:00"
        }
    }

    @Test(arguments: 0..<8)
    func windowsEqualThePlainOrderedQuery(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let fixture = try LibraryFixture()
        let store = try fixture.store()
        var next = 0
        for _ in 0..<6 {
            try store.pool.write { db in
                for _ in 0..<Int.random(in: 0..<60, using: &random) {
                    let status = ["ok", "ok", "ok", "error", "missing"].randomElement(using: &random)!
                    try Self.insert(db, path: "p/\(Int.random(in: 0..<5, using: &random))/\(next).jpg",
                                    sortKey: Self.randomSortKey(&random), status: status)
                    next += 1
                }
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM photos")
                for id in ids where Int.random(in: 0..<8, using: &random) == 0 {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0: try db.execute(sql: "DELETE FROM photos WHERE id = ?", arguments: [id])
                    case 1: try db.execute(sql: "UPDATE photos SET status = 'missing' WHERE id = ?", arguments: [id])
                    case 2: try db.execute(sql: "UPDATE photos SET status = 'ok', error = NULL WHERE id = ?", arguments: [id])
                    default: try db.execute(sql: "UPDATE photos SET sort_key = ?, status = ?, error = NULL WHERE id = ?",
                                            arguments: [Self.randomSortKey(&random), ["ok", "missing"].randomElement(using: &random)!, id])
                    }
                }
            }
            let days = try Self.days(store)
            #expect(days.kept == days.counted)
            let count = try store.gridCount()
            #expect(count == days.counted.values.reduce(0, +))
            var windows: [(Int, Int)] = [(0, count + 1), (max(0, count - 1), 5), (count, 3)]
            for _ in 0..<25 { windows.append((Int.random(in: 0...max(0, count), using: &random), Int.random(in: 1..<40, using: &random))) }
            for (offset, limit) in windows {
                let fast = try store.gridEntries(offset..<(offset + limit)).map(\.id)
                #expect(fast == (try Self.plainWindow(store, offset: offset, limit: limit)), "seed \(seed), window \(offset)+\(limit)")
            }
            #expect(try store.gridEntries().map(\.id) == (try Self.plainWindow(store, offset: 0, limit: count + 1)))
        }
    }

    /// The count and the rows of one document come from one snapshot: a commit between them is not seen.
    @Test func countAndRowsComeFromOneSnapshot() throws {
        let fixture = try LibraryFixture()
        let store = try fixture.store()
        try store.pool.write { db in
            for i in 0..<10 { try Self.insert(db, path: "a\(i).jpg", sortKey: "2020-01-0\(i % 3 + 1)T00:00:00", status: "ok") }
        }
        let other = try fixture.store()
        let (count, rows) = try store.readGrid { grid in
            let count = try grid.count()
            try other.pool.write { db in
                for i in 0..<4 { try Self.insert(db, path: "b\(i).jpg", sortKey: "2019-01-01T00:00:00", status: "ok") }
            }
            return (count, try grid.entries(0..<100).count)
        }
        #expect(count == 10)
        #expect(rows == 10)
        #expect(try store.gridCount() == 14)  // the other write did commit
    }

    /// A library made before 0006 gets its per-day counts from its rows on upgrade.
    @Test func upgradeCountsTheDaysOfExistingRows() throws {
        let fixture = try LibraryFixture()
        let before = Migration.embedded.filter { $0.name < "0006" }
        #expect(before.count == 5)
        let old = try fixture.store(migrations: before)
        try old.pool.write { db in
            for i in 0..<30 {
                try Self.insert(db, path: "x\(i).jpg", sortKey: "2021-0\(i % 4 + 1)-1\(i % 7)T00:00:00",
                                status: i % 5 == 0 ? "missing" : "ok")
            }
        }
        let store = try fixture.store()
        let days = try Self.days(store)
        #expect(days.kept == days.counted)
        #expect(days.counted.values.reduce(0, +) == 24)
        for offset in 0..<25 {
            #expect(try store.gridEntries(offset..<(offset + 3)).map(\.id) == (try Self.plainWindow(store, offset: offset, limit: 3)))
        }
    }
}
