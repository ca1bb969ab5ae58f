import PhotoGridSupport
public import GridLayout

/// Parses `--sizes`: comma-separated display pixel sizes `WxH` (`x`, `X` or `×`), each side a number from
/// 1 to 1,000,000 (an aspect ratio beyond 1,000,000 : 1 would make fill rects overflow).
public enum SizesSpec {
    /// Largest side in pixels (JPEG's own limit is 65,535).
    static let maximum = 1_000_000.0

    public static func parse(_ text: String) throws(UsageError) -> [Size] {
        guard !text.trimmingSpaces.isEmpty else { throw UsageError(option: "sizes", separator: ": ", "empty; expected e.g. 4032x3024,3024x4032") }
        var sizes: [Size] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingSpaces
            let sides = item.split(omittingEmptySubsequences: false) { $0 == "x" || $0 == "X" || $0 == "×" }
            guard sides.count == 2,
                  let w = ColumnsSpec.number(String(sides[0])), let h = ColumnsSpec.number(String(sides[1])),
                  w.isFinite, h.isFinite, w > 0, h > 0 else {
                throw UsageError(option: "sizes", separator: ": ", "'\(item)' is not WIDTHxHEIGHT with positive finite numbers (e.g. 4032x3024)")
            }
            guard (1...maximum).contains(w), (1...maximum).contains(h) else {
                throw UsageError(option: "sizes", separator: ": ", "'\(item)': each side must be between 1 and 1,000,000 pixels")
            }
            sizes.append(Size(width: w, height: h))
        }
        return sizes
    }
}
