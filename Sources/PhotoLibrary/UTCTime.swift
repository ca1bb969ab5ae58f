import Platform

/// A point in time as nanoseconds since the Unix epoch, formatted as UTC text without Foundation.
package struct UTCTime: Sendable, Equatable, Comparable {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    var nanoseconds: Int64

    package static func < (a: UTCTime, b: UTCTime) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The current wall-clock time (`clock_gettime(CLOCK_REALTIME)`).
    package static func now() -> UTCTime {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UTCTime(nanoseconds: Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec))
    }

    /// `YYYY-MM-DDTHH:MM:SS` in UTC (seconds truncated toward the past), the form of EXIF's
    /// DateTimeOriginal in ISO 8601, so that the two sort together in the grid.
    package var isoSeconds: String {
        let (seconds, _) = nanoseconds.floorDividedBy(1_000_000_000)
        let (days, secondOfDay) = seconds.floorDividedBy(86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        var text = ""
        text.reserveCapacity(19)
        Self.append(year, width: 4, to: &text)
        text.append("-")
        Self.append(month, width: 2, to: &text)
        text.append("-")
        Self.append(day, width: 2, to: &text)
        text.append("T")
        Self.append(secondOfDay / 3600, width: 2, to: &text)
        text.append(":")
        Self.append(secondOfDay / 60 % 60, width: 2, to: &text)
        text.append(":")
        Self.append(secondOfDay % 60, width: 2, to: &text)
        return text
    }

    /// The proleptic Gregorian date of a day number (days since 1970-01-01); H. Hinnant's algorithm.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Appends `value` zero-padded to `width` digits (a minus sign first if negative).
    private static func append(_ value: Int64, width: Int, to text: inout String) {
        if value < 0 { text.append("-") }
        let digits = String(value.magnitude)
        if digits.count < width { text.append(String(repeating: "0", count: width - digits.count)) }
        text.append(digits)
    }
}

extension Int64 {
    /// Quotient rounded toward negative infinity and the matching non-negative remainder.
    func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
