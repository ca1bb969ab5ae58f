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
}
