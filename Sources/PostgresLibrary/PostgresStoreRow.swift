import PostgresNIO
public import PhotoLibrary
public import struct Foundation.Data

/// A row of PostgreSQL read by column name (`StoreRow`).
public struct PostgresStoreRow: StoreRow {
    let row: PostgresRandomAccessRow

    public func string(_ column: String) throws(LibraryError) -> String? { try row.value(column, String?.self) }
    public func int64(_ column: String) throws(LibraryError) -> Int64? { try row.value(column, Int64?.self) }
    public func double(_ column: String) throws(LibraryError) -> Double? { try row.value(column, Double?.self) }
    public func bytes(_ column: String) throws(LibraryError) -> Data? { try row.value(column, Data?.self) }
    public func string(at column: Int) throws(LibraryError) -> String? { try decoded(at: column) { cell in try cell.string() } }
    public func int64(at column: Int) throws(LibraryError) -> Int64? { try decoded(at: column) { cell in try cell.int64() } }
    public func double(at column: Int) throws(LibraryError) -> Double? { try decoded(at: column) { cell in try cell.double() } }
    public func bytes(at column: Int) throws(LibraryError) -> Data? { try decoded(at: column) { cell in try cell.decode(Data?.self) } }

    /// The `column`th cell's value, read by `read` (`PostgresCell+Binary`).
    private func decoded<T>(at column: Int, _ read: (PostgresCell) throws -> T?) throws(LibraryError) -> T? {
        guard column < row.count else { throw .database(operation: "reading column \(column)", message: "the row has \(row.count) columns") }
        do { return try read(row[column]) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }
}
