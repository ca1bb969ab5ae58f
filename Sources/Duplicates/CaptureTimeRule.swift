/// When capture times refuse a pair: both known, at least a second apart, and not a time-zone rewrite.
///
/// Capture times can only refuse, never make a pair: a messenger strips them, an editor keeps them. Two
/// copies of one photo keep its moment, or a tool rewrote it in another time zone — a whole number of
/// quarter hours — so anything else (a burst frame 1 s later, a photo minutes later) is another moment.
public enum CaptureTimeRule {
    /// The smallest difference, in seconds, that is another moment (sub-second parts are often dropped).
    public static let tolerance = 1.0

    /// Whether capture times `a` and `b` (seconds, any common origin) say two different moments.
    public static func refuses(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return false }
        let apart = abs(a - b)
        guard apart >= tolerance else { return false }
        let quarterHours = (apart / 900).rounded()
        return quarterHours == 0 || abs(apart - quarterHours * 900) >= tolerance
    }
}

extension CaptureTimeRule {
    /// Seconds from 1970-01-01T00:00:00 of a capture time written `YYYY-MM-DDTHH:MM:SS` (EXIF's local time,
    /// read as if it were UTC: only differences count), or nil when it is not written that way.
    public static func seconds(of text: String) -> Double? {
        let digits = Array(text.utf8)
        guard digits.count >= 19, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"), digits[10] == UInt8(ascii: "T"),
              digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in digits[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        return Double(daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// Days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
