/// When a video was recorded, as its container says: the text, and its clock time and UTC offset.
public struct VideoCaptureDate: Sendable, Equatable {
    /// Where the date was found.
    public enum Source: Sendable, Equatable {
        /// QuickTime's `com.apple.quicktime.creationdate` (iPhones, many cameras): local time with its offset.
        case quickTimeCreationDate
        /// The movie header's creation time (libavformat's `creation_time`): UTC by the specification,
        /// though some cameras write their local clock there.
        case containerCreationTime
    }

    /// The value as the file has it, e.g. "2023-07-01T10:11:12+0200" or "2023-07-01T08:11:12.000000Z".
    public var text: String
    /// The clock time "YYYY-MM-DDTHH:MM:SS" (fractions of a second dropped): the local time when the
    /// text has an offset or none, the UTC time for `containerCreationTime` (its offset is then 0).
    public var localTime: String
    /// The offset from UTC in minutes (+120 for "+0200", 0 for "Z"); nil when the text states none.
    public var utcOffsetMinutes: Int?
    public var source: Source

    public init(text: String, localTime: String, utcOffsetMinutes: Int?, source: Source) {
        self.text = text; self.localTime = localTime; self.utcOffsetMinutes = utcOffsetMinutes; self.source = source
    }

    /// Parses "YYYY-MM-DD(T| )HH:MM:SS[.fraction][Z | ±HH | ±HHMM | ±HH:MM]"; nil for anything else or
    /// a field out of range (month 1–12, day 1–31, hour 0–23, minute 0–59, second 0–60, year ≥ 1000,
    /// offset within ±18:00).
    public init?(text: String, source: Source) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard i < bytes.count, (0x30...0x39).contains(bytes[i]) else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == 0x2D, let month = number(5..<7), bytes[7] == 0x2D,
              let day = number(8..<10), bytes[10] == 0x54 || bytes[10] == 0x20, let hour = number(11..<13),
              bytes[13] == 0x3A, let minute = number(14..<16), bytes[16] == 0x3A, let second = number(17..<19),
              year >= 1000, (1...12).contains(month), (1...31).contains(day), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var position = 19
        if position < bytes.count, bytes[position] == 0x2E {
            position += 1
            let digits = position
            while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
            guard position > digits else { return nil }
        }
        var offset: Int?
        if position < bytes.count {
            switch bytes[position] {
            case 0x5A:
                offset = 0
                position += 1
            case 0x2B, 0x2D:
                let sign = bytes[position] == 0x2D ? -1 : 1
                guard let hours = number((position + 1)..<(position + 3)) else { return nil }
                position += 3
                var minutes = 0
                if position < bytes.count {
                    if bytes[position] == 0x3A { position += 1 }
                    guard let value = number(position..<(position + 2)) else { return nil }
                    minutes = value
                    position += 2
                }
                guard minutes <= 59, hours * 60 + minutes <= 18 * 60 else { return nil }
                offset = sign * (hours * 60 + minutes)
            default:
                return nil
            }
        }
        guard position == bytes.count else { return nil }
        let local = String(decoding: bytes[0..<10], as: UTF8.self) + "T" + String(decoding: bytes[11..<19], as: UTF8.self)
        self.init(text: text, localTime: local, utcOffsetMinutes: offset, source: source)
    }
}
