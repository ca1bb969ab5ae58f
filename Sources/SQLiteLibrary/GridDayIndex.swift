import PhotoLibrary
import GRDB
import PhotoGridSupport

/// The grid's days with the grid position each starts at (the running sums of `grid_days`,
/// Migrations/0006), kept per reader connection while nothing is committed: finding the day that holds
/// a grid position is then a binary search, not a walk over every day.
///
/// A connection's copy is valid while its `PRAGMA data_version` is unchanged — SQLite changes that
/// number for a connection whenever another connection commits — so an index run (in this process or
/// another) is seen by the next read. The writer connection, whose own commits do not change its number, never uses the cache.
final class GridDayIndex: Sendable {
    struct Days {
        var version: Int
        /// Days in grid order, and the grid position of each day's first photo (one more entry: the count).
        var days: [String]
        var starts: [Int]
    }

    private let connections = LockedValue<[ObjectIdentifier: Days]>([:])

    /// The day holding grid position `position` and that day's first position, from `db`'s snapshot.
    func dayStart(containing position: Int, db: Database) throws(LibraryError) -> (day: String, position: Int)? {
        let days = try SQLiteStore.typed("finding a grid position") { try self.days(db) }
        guard position >= 0, position < days.starts[days.starts.count - 1] else { return nil }
        // The last day whose start is at or before `position`.
        var low = 0, high = days.days.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if days.starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (days.days[low], days.starts[low])
    }

    /// `db`'s days: the copy its connection keeps while its data_version is unchanged, else read afresh.
    private func days(_ db: Database) throws -> Days {
        let key = ObjectIdentifier(db)
        // Only a read-only connection (a pool reader) sees every change as a new data_version.
        let cacheable = db.configuration.readonly
        let version = cacheable ? try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 : -1
        if cacheable, let kept = connections.withLock({ $0[key] }), kept.version == version { return kept }
        var names: [String] = [], starts: [Int] = [0]
        let rows = try Row.fetchCursor(db, sql: "SELECT day, photos FROM grid_days WHERE photos > 0 ORDER BY day")
        while let row = try rows.next() {
            names.append(row["day"])
            starts.append(starts[starts.count - 1] + (row["photos"] as Int))
        }
        let fresh = Days(version: version, days: names, starts: starts)
        if cacheable { connections.withLock { $0[key] = fresh } }
        return fresh
    }
}
