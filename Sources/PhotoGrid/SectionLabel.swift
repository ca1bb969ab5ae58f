/// What a person reads as a section's header, from the ISO key the documents keep as its `title`
/// (English, as the Photos app writes them): `2000-09-09` → `Saturday, 9 September 2000`, `2000-09` →
/// `September 2000`, `2000` → `2000`. Any other title (`--sections` numbers them) is its own label.
/// The one place the rule lives: documents (`label`), the web page and `render` all use it.
public enum SectionLabel {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August",
                         "September", "October", "November", "December"]
    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The label for the section titled `key`.
    public static func label(for key: String) -> String {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]) else { return key }
        guard parts.count >= 2 else { return String(year) }
        guard let month = Int(parts[1]), (1...12).contains(month) else { return key }
        guard parts.count == 3 else { return "\(months[month - 1]) \(year)" }
        guard let day = Int(parts[2]), (1...daysIn(month: month, year: year)).contains(day) else { return key }
        return "\(weekdays[weekday(year: year, month: month, day: day)]), \(day) \(months[month - 1]) \(year)"
    }

    /// 0 for Sunday … 6 for Saturday, in the proleptic Gregorian calendar (Sakamoto's method).
    static func weekday(year: Int, month: Int, day: Int) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        let days = y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day
        return ((days % 7) + 7) % 7
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
