/// Text made safe to print on a terminal line.
enum ConsoleText {
    /// `text` with control characters written as escapes (`\n`, `\t`, `\r`, `\u{1B}` → `\x1b`),
    /// so that a file name cannot break a table row or move the cursor.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
