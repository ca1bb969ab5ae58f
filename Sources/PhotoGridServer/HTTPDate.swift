import Platform

/// The `Date` header's value (RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`, an IMF-fixdate): what
/// Hummingbird's own responses carry, for the answers written outside it (`AnswerHead`).
enum HTTPDate {
    /// `seconds` since the epoch as an IMF-fixdate.
    static func format(_ seconds: time_t) -> String {
        var time = seconds
        var parts = tm()
        gmtime_r(&time, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
