/// Text made safe to print on a terminal line: the one escaping rule for every name, path and message
/// PhotoGrid prints as text.
///
/// Control characters become escapes (`\n`, `\t`, `\r`, `\x1b` for ESC, `\x7f`, `\u{9b}` → `\x9b`), a
/// backslash is doubled, and a byte that is not part of valid UTF-8 is shown as `\xNN` — so a file name
/// can neither break a table row nor move the cursor or clear the screen, and two different names never
/// print the same.
enum ConsoleText {
    /// `text` escaped (see the type's rule).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { append(scalar, to: &result, escapingBackslash: true) }
        return result
    }

    /// The raw bytes of a path escaped: valid UTF-8 as `escaped(_:)` shows it, each invalid byte as `\xNN`.
    static func escaped(bytes: [UInt8]) -> String {
        var result = ""
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = UTF8Scalar.decode(bytes, at: index) {
                append(scalar, to: &result, escapingBackslash: true)
                index += length
            } else {
                result += hexEscape(UInt32(bytes[index]))
                index += 1
            }
        }
        return result
    }

    /// Text already built from escaped fields, made safe as a whole before it is written: any control
    /// character other than a line break is escaped (backslashes are left alone, so escaped fields are
    /// not escaped twice). A last guard for the output streams.
    static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" { result.unicodeScalars.append(scalar) } else { append(scalar, to: &result, escapingBackslash: false) }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String, escapingBackslash: Bool) {
        switch scalar {
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\r": result += "\\r"
        case "\\" where escapingBackslash: result += "\\\\"
        case _ where isControl(scalar): result += hexEscape(scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }

    private static func hexEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\x" + (hex.count < 2 ? "0" : "") + hex
    }
}

/// Decoding one UTF-8 sequence strictly (no overlongs, no surrogates, nothing above U+10FFFF).
enum UTF8Scalar {
    /// The scalar starting at `index` and its length in bytes, or nil when the bytes there are not valid UTF-8.
    static func decode(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
