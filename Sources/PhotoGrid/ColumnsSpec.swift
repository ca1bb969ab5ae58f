public import GridLayout
import PhotoGridSupport

/// Parses `--columns`: comma-separated `GridItem`s, `fixed:W`, `flexible[:MIN[:MAX]]`, `adaptive:MIN[:MAX]`,
/// each optionally followed by `/S` (its spacing); `inf` stands for infinity.
///
/// Examples: `adaptive:100/3` (the default photo grid), `fixed:80/2,flexible,flexible:50:200`,
/// `adaptive:120:inf`. Minimums are finite and ≥ 0 (adaptive: > 0), a maximum is ≥ its minimum,
/// spacings are finite and ≥ 0, and every finite value is at most 1,000,000 points; anything else is a
/// `UsageError` naming the offending part.
public enum ColumnsSpec {
    public static func parse(_ text: String) throws(UsageError) -> [GridItem] {
        // A server parses the same few specs for every request: those parsed well are remembered.
        if let items = recent.withLock({ $0[text] }) { return items }
        let items = try parseText(text)
        recent.withLock { known in
            if known.count >= recentLimit { known.removeAll(keepingCapacity: true) }
            known[text] = items
        }
        return items
    }

    /// Specs parsed without error, and their columns (at most `recentLimit`; forgotten all at once).
    private static let recent = LockedValue<[String: [GridItem]]>([:])
    private static let recentLimit = 64

    static func parseText(_ text: String) throws(UsageError) -> [GridItem] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard !text.trimmingSpaces.isEmpty else { throw UsageError(option: "columns", separator: ": ", "empty; expected e.g. adaptive:100/3") }
        var items: [GridItem] = []
        for part in parts { items.append(try item(part)) }
        return items
    }

    static let grammar = "fixed:W, flexible[:MIN[:MAX]] or adaptive:MIN[:MAX], each optionally /SPACING"

    /// Largest finite width, minimum, maximum or spacing: the largest viewport side, so that sums of
    /// columns and rows stay finite and every JSON number is a number.
    static let maximum = GalleryLayout.maximumExtent
    static let maximumText = "1,000,000 points"

    static func item(_ part: String) throws(UsageError) -> GridItem {
        func fail(_ why: String) -> UsageError { UsageError(option: "columns", separator: ": ", "'\(part)': \(why) (expected \(grammar))") }
        guard !part.isEmpty else { throw fail("empty column") }
        let slash = part.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        var spacing: Double?
        if slash.count == 2 {
            guard let s = number(String(slash[1])), s.isFinite, s >= 0 else {
                throw fail("spacing '\(slash[1])' is not a finite number ≥ 0")
            }
            guard s <= maximum else { throw fail("spacing \(slash[1]) is above \(maximumText)") }
            spacing = s
        }
        let fields = slash[0].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let kind = fields[0].lowercased()
        let args = Array(fields.dropFirst())
        func value(_ i: Int, _ name: String, allowInfinity: Bool) throws(UsageError) -> Double? {
            guard i < args.count else { return nil }
            guard let v = number(args[i]) else { throw fail("\(name) '\(args[i])' is not a number") }
            guard v >= 0 else { throw fail("\(name) \(args[i]) is negative") }
            guard allowInfinity || v.isFinite else { throw fail("\(name) must be finite") }
            guard v <= maximum || v == .infinity else { throw fail("\(name) \(args[i]) is above \(maximumText)") }
            return v
        }
        switch kind {
        case "fixed":
            guard args.count == 1, let w = try value(0, "width", allowInfinity: false) else { throw fail("fixed takes one width") }
            return GridItem(.fixed(w), spacing: spacing)
        case "flexible":
            guard args.count <= 2 else { throw fail("flexible takes at most a minimum and a maximum") }
            let mn = try value(0, "minimum", allowInfinity: false) ?? 10
            let mx = try value(1, "maximum", allowInfinity: true) ?? .infinity
            guard mn <= mx else { throw fail("minimum \(mn) is greater than maximum \(mx)") }
            return GridItem(.flexible(minimum: mn, maximum: mx), spacing: spacing)
        case "adaptive":
            guard (1...2).contains(args.count), let mn = try value(0, "minimum", allowInfinity: false) else {
                throw fail("adaptive needs a minimum")
            }
            guard mn > 0 else { throw fail("adaptive minimum must be greater than 0") }
            let mx = try value(1, "maximum", allowInfinity: true) ?? .infinity
            guard mn <= mx else { throw fail("minimum \(mn) is greater than maximum \(mx)") }
            return GridItem(.adaptive(minimum: mn, maximum: mx), spacing: spacing)
        default:
            throw fail("unknown column kind '\(fields[0])'")
        }
    }

    /// A decimal number, or `inf`/`infinity` (any case). Rejects NaN, hex and empty text.
    static func number(_ text: String) -> Double? {
        let t = text.trimmingSpaces.lowercased()
        if t == "inf" || t == "infinity" { return .infinity }
        guard !t.isEmpty, t.allSatisfy({ "0123456789.+-e".contains($0) }), let v = Double(t), !v.isNaN else { return nil }
        return v
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
