import GRDB
import PhotoLibrary
import struct Foundation.Data

/// GRDB's row read by column name (`StoreRow`), through its column-statement fast path.
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
