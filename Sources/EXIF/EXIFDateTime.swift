/// EXIF's "YYYY:MM:DD HH:MM:SS" date-time format, converted to ISO 8601 local time.
public enum EXIFDateTime {
    /// What a 19-character EXIF date-time turned out to be.
    public enum Parsed: Equatable, Sendable {
        /// A real date and time, as "YYYY-MM-DDTHH:MM:SS".
        case valid(String)
        /// Blank (spaces and colons): EXIF's way of saying "unknown".
        case unknown
        /// Anything else; the text as far as it is printable, for the warning.
        case invalid(String)
    }

    /// Converts the 19 bytes `text` ("2008:04:20 19:12:06" → "2008-04-20T19:12:06").
    public static func isoString(_ text: UnsafeRawBufferPointer) -> Parsed {
        let colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")
        guard text.count == 19 else { return .invalid(printable(text)) }
        if text.allSatisfy({ $0 == colon || $0 == space }) { return .unknown }
        let separators: [Int: UInt8] = [4: colon, 7: colon, 10: space, 13: colon, 16: colon]
        for index in 0..<19 {
            if let separator = separators[index] {
                guard text[index] == separator else { return .invalid(printable(text)) }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) else {
                    return .invalid(printable(text))
                }
            }
        }
        func number(_ start: Int, _ length: Int) -> Int {
            (start..<start + length).reduce(0) { $0 * 10 + Int(text[$1] - UInt8(ascii: "0")) }
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        let hour = number(11, 2), minute = number(14, 2), second = number(17, 2)
        guard year >= 1, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour <= 23, minute <= 59, second <= 59 else { return .invalid(printable(text)) }
        var iso = Array(text)
        iso[4] = UInt8(ascii: "-"); iso[7] = UInt8(ascii: "-"); iso[10] = UInt8(ascii: "T")
        return .valid(String(decoding: iso, as: UTF8.self))
    }

    /// Days in `month` (1...12) of the proleptic Gregorian `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func printable(_ text: UnsafeRawBufferPointer) -> String {
        String(decoding: text.prefix { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
    }
}
