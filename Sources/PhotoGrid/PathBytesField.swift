import struct Foundation.Data

/// The `pathBytes` member of a JSON document: the base64 of a path's raw bytes, present beside `path`
/// exactly when those bytes are not valid UTF-8. `path` is then display text (each invalid byte as
/// U+FFFD) and cannot open the file; `pathBytes` can, and round-trips the name byte for byte.
public enum PathBytesField {
    /// Base64 (RFC 4648, with padding) of `bytes`, or nil when they are valid UTF-8.
    public static func base64IfNotUTF8(_ bytes: [UInt8]) -> String? {
        // ASCII (most names) is checked without making a String.
        if bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil { return nil }
        return Data(bytes).base64EncodedString()
    }
}
