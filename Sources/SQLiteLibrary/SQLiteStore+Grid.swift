public import PhotoLibrary
import GRDB
import struct Foundation.Data

/// The grid in SQLite: its statements are `SQLStore+Grid`'s; the days by position are kept per reader
/// connection (`GridDayIndex`) and kept layouts are lent in place.
extension SQLiteStore {
    public func dayStart(containing position: Int, _ session: SQLiteSession) throws(LibraryError) -> (day: String, position: Int)? {
        try dayIndex.dayStart(containing: position, db: session.db)
    }

    public func keptLayout<T>(key: String, _ session: SQLiteSession, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? {
        try Self.typed("reading a kept layout") {
            // The row reads the statement's current values: the cursor (and its statement) must live while it is read.
            let cursor = try Row.fetchCursor(session.db.cachedStatement(sql: SQLiteSession.numbered(KeptLayoutSQL.select)), arguments: [key])
            guard let row = try cursor.next() else { return nil }
            return try withExtendedLifetime(cursor) { try row.withUnsafeData(atIndex: 0) { data in data?.withUnsafeBytes(read) ?? nil } }
        }
    }
}
