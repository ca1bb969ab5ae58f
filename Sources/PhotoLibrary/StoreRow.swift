public import struct Foundation.Data

/// A row of either store, read by column name, or by position (0 first) in a loop over many rows: what a
/// record decodes from, once for both stores (`Photo.init(columns:)`, `ThumbnailRecord.init(columns:)`,
/// `GridEntry`). A column of another type is a `LibraryError`, never a trap.
public protocol StoreRow {
    func string(_ column: String) throws(LibraryError) -> String?
    func int64(_ column: String) throws(LibraryError) -> Int64?
    func double(_ column: String) throws(LibraryError) -> Double?
    func bytes(_ column: String) throws(LibraryError) -> Data?
    func string(at column: Int) throws(LibraryError) -> String?
    func int64(at column: Int) throws(LibraryError) -> Int64?
    func double(at column: Int) throws(LibraryError) -> Double?
    func bytes(at column: Int) throws(LibraryError) -> Data?
}

extension StoreRow {
    /// A whole-number column as an `Int`.
    func int(_ column: String) throws(LibraryError) -> Int? { try int64(column).map { Int($0) } }
}

extension Optional {
    /// The value read from column `column` (its name or position), which is never NULL. Concrete where it
    /// is called, so a loop over a million rows instantiates no generic metadata per value.
    func notNull(_ column: some CustomStringConvertible) throws(LibraryError) -> Wrapped {
        guard let self else { throw .database(operation: "reading column \(column)", message: "NULL") }
        return self
    }
}
