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

    /// What the warnings of a decode say about its pixels: the data ran out inside a scan
    /// (truncated), the data ended without an EOI but nothing was missing, or anything else (corrupt
    /// data, described by libjpeg's first such warning). nil without warnings.
    var damage: JPEGDamage? {
        guard warning_count > 0 else { return nil }
        if ran_out_of_data != 0 { return .truncated }
        if other_warning_count > 0 {
            return .corruptData(message: Self.string(from: first_other_warning), count: Int(other_warning_count))
        }
        return ended_early != 0 ? .missingEndMarker : .corruptData(message: Self.string(from: first_warning),
                                                                     count: Int(warning_count))
    }

    /// Decodes a fixed-size, NUL-terminated C buffer.
    private static func string<T>(from tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
