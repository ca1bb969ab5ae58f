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
    public func string(at column: Int) throws(LibraryError) -> String? { try decoded(at: column) }
    public func int64(at column: Int) throws(LibraryError) -> Int64? { try decoded(at: column) }
    public func double(at column: Int) throws(LibraryError) -> Double? { try decoded(at: column) }
    public func bytes(at column: Int) throws(LibraryError) -> Data? { try decoded(at: column) }

    private func decoded<T: DatabaseValueConvertible & StatementColumnConvertible>(_ column: String) throws(LibraryError) -> T? {
        do { return try row.decode(T?.self, forColumn: column) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }

    private func decoded<T: DatabaseValueConvertible & StatementColumnConvertible>(at column: Int) throws(LibraryError) -> T? {
        guard column < row.count else { throw .database(operation: "reading column \(column)", message: "the row has \(row.count) columns") }
        do { return try row.decode(T?.self, atIndex: column) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }
}
