import CJPEGShims

extension pgjpeg_diagnostics {
    /// The libjpeg call that failed, or `fallback` if the shim did not name one.
    func callName(or fallback: String) -> String {
        call.map { String(cString: $0) } ?? fallback
    }

    /// The error text.
    var messageText: String { Self.string(from: message) }

    /// Warnings as lines: the first libjpeg warning, and how many more there were.
    var warningLines: [String] {
        guard warning_count > 0 else { return [] }
        let first = "libjpeg: " + Self.string(from: first_warning)
        return warning_count == 1 ? [first] : [first + " (and \(warning_count - 1) more warnings)"]
    }

    /// Decodes a fixed-size, NUL-terminated C buffer.
    private static func string<T>(from tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
