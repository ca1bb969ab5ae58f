import PostgresNIO

/// A cell's value read straight from its binary bytes when it has the expected type (int8, float8, text),
/// else through PostgresNIO's `decode`. A grid snapshot reads a million rows: the generic tuple decode
/// spent ~1.8 µs a row, most of it looking up generic metadata.
extension PostgresCell {
    /// An int8 (a NULL as nil).
    @inline(__always)
    func int64() throws -> Int64? {
        guard var bytes else { return nil }
        if format == .binary, dataType == .int8, bytes.readableBytes == 8 { return bytes.readInteger(as: Int64.self) }
        return try decode(Int64.self)
    }

    /// A float8 (a NULL as nil).
    @inline(__always)
    func double() throws -> Double? {
        guard var bytes else { return nil }
        if format == .binary, dataType == .float8, bytes.readableBytes == 8, let bits = bytes.readInteger(as: UInt64.self) {
            return Double(bitPattern: bits)
        }
        return try decode(Double.self)
    }

    /// A text (a NULL as nil).
    @inline(__always)
    func string() throws -> String? {
        guard let bytes else { return nil }
        if format == .binary, dataType == .text || dataType == .varchar { return String(buffer: bytes) }
        return try decode(String.self)
    }
}
