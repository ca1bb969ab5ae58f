import GRDB
import PostgresNIO

/// A row of either store, read by column name: what a record decodes from, once for both stores
/// (`ThumbnailRecord.init(columns:)`). A column of another type is a `LibraryError`, never a trap.
protocol StoreRow {
    func string(_ column: String) throws(LibraryError) -> String?
    func int64(_ column: String) throws(LibraryError) -> Int64?
}

extension StoreRow {
    /// A column that is never NULL.
    func required<T>(_ column: String, _ read: (String) throws(LibraryError) -> T?) throws(LibraryError) -> T {
        guard let value = try read(column) else { throw .database(operation: "reading column \(column)", message: "NULL") }
        return value
    }
}

extension Row: StoreRow {
    func string(_ column: String) throws(LibraryError) -> String? { try decoded(column) }
    func int64(_ column: String) throws(LibraryError) -> Int64? { try decoded(column) }

    private func decoded<T: DatabaseValueConvertible>(_ column: String) throws(LibraryError) -> T? {
        do { return try decode(T?.self, forColumn: column) } catch {
            throw .database(operation: "reading column \(column)", message: "\(error)")
        }
    }
}

extension PostgresRandomAccessRow: StoreRow {
    func string(_ column: String) throws(LibraryError) -> String? { try value(column, String?.self) }
    func int64(_ column: String) throws(LibraryError) -> Int64? { try value(column, Int64?.self) }
}
