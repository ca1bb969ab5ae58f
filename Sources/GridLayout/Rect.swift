/// An axis-aligned rectangle: origin (top-left) and size, in points.
public struct Rect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// A rectangle of `size` whose centre is `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2,
                  width: size.width, height: size.height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var origin: Point { Point(x: x, y: y) }
    public var size: Size { Size(width: width, height: height) }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var midX: Double { x + width / 2 }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }

    /// The rectangle moved by `delta`.
    public func offsetBy(_ delta: Point) -> Rect {
        Rect(x: x + delta.x, y: y + delta.y, width: width, height: height)
    }

    /// The common part of two rectangles; a zero-size rectangle at the nearer corner when they are disjoint.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The rectangle with its edges on the thousandth-of-a-point grid: each edge the nearest 0.001 pt, the
    /// width and height the distances between the rounded edges (justified frames: docs/layout-engine.md, "Justified rows").
    public var onThousandthGrid: Rect {
        let x0 = Self.rounded(x * 1000), x1 = Self.rounded((x + width) * 1000)
        let y0 = Self.rounded(y * 1000), y1 = Self.rounded((y + height) * 1000)
        return Rect(x: x0 / 1000, y: y0 / 1000, width: (x1 - x0) / 1000, height: (y1 - y0) / 1000)
    }

    /// `value.rounded()` (half away from zero, the sign of a zero kept) by conversion to Int64 and back,
    /// which is exact below 2^52, instead of a libm call on the baseline x86-64 target (four a frame).
    @inline(__always)
    static func rounded(_ value: Double) -> Double {
        guard abs(value) < 0x1p52 else { return value.rounded() }  // integral already, or not finite
        let whole = Double(Int64(value))  // toward zero
        let fraction = value - whole  // exact
        let result = fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
        return result == 0 && value.sign == .minus ? -0.0 : result
    }

    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
