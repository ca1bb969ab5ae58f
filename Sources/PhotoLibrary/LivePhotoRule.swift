/// When a photo and a movie are one Live Photo: the rule the index pairs them by.
///
/// 1. Both carry Apple's content identifier (the photo's maker note, the movie's
///    `com.apple.quicktime.content.identifier`): they pair exactly when the identifiers are equal,
///    wherever they lie in the library. Different identifiers never pair.
/// 2. Otherwise (one or both have none) the fallback: the same base name in the same folder (`IMG_0001.HEIC`
///    and `IMG_0001.MOV`: the bytes before the last `.`), a movie of at most `longestMotion` seconds, and
///    capture times that agree within `captureTolerance` seconds. A photo and a movie of one name taken weeks
///    apart (a re-used camera counter) stay two items; a missing capture time means no fallback pairing.
///
/// A photo has at most one movie and a movie at most one photo; among several candidates the movie
/// takes the one in its own folder, then the nearest in time, then the oldest row.
public enum LivePhotoRule {
    /// The longest movie the fallback pairs, in seconds (an iPhone's motion is about 3 s).
    public static let longestMotion = 5.0
    /// How far apart the two halves' capture times may be for the fallback, in seconds.
    public static let captureTolerance = 5.0

    /// One half as the rule sees it.
    public struct Half: Sendable, Equatable {
        public var pathBytes: [UInt8]
        public var contentIdentifier: String?
        /// Capture time `YYYY-MM-DDTHH:MM:SS` (local), nil when the file states none.
        public var takenAt: String?
        /// The movie's duration in seconds (nil for a photo, or unknown).
        public var duration: Double?

        public init(pathBytes: [UInt8], contentIdentifier: String?, takenAt: String?, duration: Double? = nil) {
            self.pathBytes = pathBytes; self.contentIdentifier = contentIdentifier
            self.takenAt = takenAt; self.duration = duration
        }
    }

    /// Whether `photo` and `movie` are one Live Photo.
    public static func pairs(photo: Half, movie: Half) -> Bool {
        if let a = photo.contentIdentifier, let b = movie.contentIdentifier { return a == b }
        guard let duration = movie.duration, duration <= longestMotion,
              let stem = stem(movie.pathBytes), stem == self.stem(photo.pathBytes),
              let gap = secondsApart(photo.takenAt, movie.takenAt) else { return false }
        return gap <= captureTolerance
    }

    /// The path up to and including the last `.` of its file name (`dir/IMG_0001.`); nil without one.
    public static func stem(_ path: [UInt8]) -> ArraySlice<UInt8>? {
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")), dot > 0,
              path[(path.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1 ..< dot].isEmpty == false,
              !path[dot...].contains(UInt8(ascii: "/")) else { return nil }
        return path[...dot]
    }

    /// Seconds between two `YYYY-MM-DDTHH:MM:SS` times; nil when either is absent or malformed.
    static func secondsApart(_ a: String?, _ b: String?) -> Double? {
        guard let a, let b, let x = seconds(a), let y = seconds(b) else { return nil }
        return abs(x - y)
    }

    /// Seconds since 0000-03-01 of a `YYYY-MM-DDTHH:MM:SS` time (a proleptic Gregorian day count).
    static func seconds(_ text: String) -> Double? {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard var year = number(0..<4), var month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        if month <= 2 { year -= 1; month += 12 }
        let days = 365 * year + year / 4 - year / 100 + year / 400 + (153 * (month - 3) + 2) / 5 + day
        return Double(((days * 24 + hour) * 60 + minute) * 60 + second)
    }
}
