import PostgresNIO
import PhotoLibrary
import struct Foundation.Data

/// PostgresNIO's row read by column name (`StoreRow`).
extension PostgresRandomAccessRow: StoreRow {
    func string(_ column: String) throws(LibraryError) -> String? { try value(column, String?.self) }
    func int64(_ column: String) throws(LibraryError) -> Int64? { try value(column, Int64?.self) }
    func double(_ column: String) throws(LibraryError) -> Double? { try value(column, Double?.self) }
    func bytes(_ column: String) throws(LibraryError) -> Data? { try value(column, Data?.self) }
}
