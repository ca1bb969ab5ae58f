/// Counts as text lines and messages show them: grouped by thousands with commas (`1,234,567`);
/// JSON never groups.
public enum CountText {
    /// `1234567` → `1,234,567`.
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }
}
