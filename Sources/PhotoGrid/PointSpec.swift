import PhotoGridSupport
public import GridLayout

/// Parses `--drag DX,DY`: two finite numbers, the drag translation in points.
public enum PointSpec {
    public static func parse(_ text: String, option: String = "drag") throws(UsageError) -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = ColumnsSpec.number(String(parts[0])), let y = ColumnsSpec.number(String(parts[1])),
              x.isFinite, y.isFinite else {
            throw UsageError(option: option, separator: ": ", "'\(text)' is not DX,DY with two finite numbers (e.g. 0,200 or -10,20)")
        }
        return Point(x: x, y: y)
    }
}
