import GRDB
import PostgresNIO
import struct Foundation.Data

/// A row of either store, read by column name: what a record decodes from, once for both stores
/// (`Photo.init(columns:)`, `ThumbnailRecord.init(columns:)`). A column of another type is a `LibraryError`, never a trap.
protocol StoreRow {
    func string(_ column: String) throws(LibraryError) -> String?
    func int64(_ column: String) throws(LibraryError) -> Int64?
    func double(_ column: String) throws(LibraryError) -> Double?
    func bytes(_ column: String) throws(LibraryError) -> Data?
}

extension StoreRow {
    /// A column that is never NULL.
    func required<T>(_ column: String, _ read: (String) throws(LibraryError) -> T?) throws(LibraryError) -> T {
        guard let value = try read(column) else { throw .database(operation: "reading column \(column)", message: "NULL") }
        return value
    }

    /// A whole-number column as an `Int`.
    func int(_ column: String) throws(LibraryError) -> Int? { try int64(column).map { Int($0) } }
}

extension Row: StoreRow {
    func string(_ column: String) throws(LibraryError) -> String? { try decoded(column) }
    func int64(_ column: String) throws(LibraryError) -> Int64? { try decoded(column) }
    func double(_ column: String) throws(LibraryError) -> Double? { try decoded(column) }
    func bytes(_ column: String) throws(LibraryError) -> Data? { try decoded(column) }

    private func decoded<T: DatabaseValueConvertible & StatementColumnConvertible>(_ column: String) throws(LibraryError) -> T? {
        do { return try decode(T?.self, forColumn: column) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }
}

extension PostgresRandomAccessRow: StoreRow {
    func string(_ column: String) throws(LibraryError) -> String? { try value(column, String?.self) }
    func int64(_ column: String) throws(LibraryError) -> Int64? { try value(column, Int64?.self) }
    func double(_ column: String) throws(LibraryError) -> Double? { try value(column, Double?.self) }
    func bytes(_ column: String) throws(LibraryError) -> Data? { try value(column, Data?.self) }
}
