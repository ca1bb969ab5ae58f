/// JavaScript's `Math.round`, `Math.min` and `Math.max` on doubles, for rules ported from JavaScript.
///
/// Source: ECMAScript 2024 §21.3.2.28 `Math.round` (ties go toward +∞: `round(-2.5)` is -2, where
/// Swift's `rounded()` gives -3; a result of 0 keeps the argument's sign), §21.3.2.24–25 `Math.max` /
/// `Math.min` (NaN if either argument is NaN; -0 is less than +0).
enum JavaScriptMath {
    /// `Math.round(x)`: the nearest integer, ties toward +∞.
    @inline(__always)
    static func round(_ x: Double) -> Double {
        let floor = x.rounded(.down)
        // x − ⌊x⌋ is exact for every double, so the tie test is exact.
        let result = x - floor >= 0.5 ? floor + 1 : floor
        return result == 0 && x.sign == .minus ? -0.0 : result
    }

    /// `Math.min(a, b)`.
    @inline(__always)
    static func min(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN { return .nan }
        if a == b { return a.sign == .minus ? a : b }
        return a < b ? a : b
    }

    /// `Math.max(a, b)`.
    @inline(__always)
    static func max(_ a: Double, _ b: Double) -> Double {
        if a.isNaN || b.isNaN { return .nan }
        if a == b { return a.sign == .minus ? b : a }
        return a > b ? a : b
    }
}
