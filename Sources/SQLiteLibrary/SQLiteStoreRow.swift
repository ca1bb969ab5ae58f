import GRDB
public import PhotoLibrary
public import struct Foundation.Data

/// A row of SQLite read by column name (`StoreRow`), through GRDB's column-statement fast path.
public struct SQLiteRow: StoreRow {
    let row: Row

    public func string(_ column: String) throws(LibraryError) -> String? { try decoded(column) }
    public func int64(_ column: String) throws(LibraryError) -> Int64? { try decoded(column) }
    public func double(_ column: String) throws(LibraryError) -> Double? { try decoded(column) }
    public func bytes(_ column: String) throws(LibraryError) -> Data? { try decoded(column) }

    private func decoded<T: DatabaseValueConvertible & StatementColumnConvertible>(_ column: String) throws(LibraryError) -> T? {
        do { return try row.decode(T?.self, forColumn: column) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }
}
