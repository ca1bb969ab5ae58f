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
