/// A video's duration as the Photos app writes it in a grid cell's corner: `0:07`, `1:05`, `1:02:03`
/// (whole seconds, rounded; minutes unpadded below an hour, hours unpadded above).
public enum DurationLabel {
    public static func text(seconds: Double) -> String {
        let total = seconds.isFinite ? Int(max(0, seconds).rounded()) : 0
        let hours = total / 3600, minutes = total % 3600 / 60, rest = total % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
