public import struct Foundation.Data

/// A row of either store, read by column name: what a record decodes from, once for both stores
/// (`Photo.init(columns:)`, `ThumbnailRecord.init(columns:)`). A column of another type is a `LibraryError`, never a trap.
public protocol StoreRow {
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
