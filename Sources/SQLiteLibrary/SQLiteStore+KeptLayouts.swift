public import PhotoLibrary
import GRDB
import struct Foundation.Data

/// Kept layouts in SQLite: keeping one is `SQLStore`'s; reading one is the grid reader's.
extension SQLiteStore: KeptLayoutStore {}

extension GridReader {
    public func version() throws(LibraryError) -> Int? {
        do { return try Int.fetchOne(db, sql: KeptLayoutSQL.version) ?? 0 } catch {
            throw SQLiteStore.libraryError(error, operation: "reading the grid version")
        }
    }

    public func keptLayout<T>(key: String, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? {
        do {
            // The row reads the statement's current values: the cursor (and its statement) must live while it is read.
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: KeptLayoutSQL.select), arguments: [key])
            guard let row = try cursor.next() else { return nil }
            return try withExtendedLifetime(cursor) { try row.withUnsafeData(atIndex: 0) { data in data?.withUnsafeBytes(read) ?? nil } }
        } catch {
            throw SQLiteStore.libraryError(error, operation: "reading a kept layout")
        }
    }
}
