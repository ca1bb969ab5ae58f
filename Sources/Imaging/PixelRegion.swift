/// A rectangle in continuous pixel coordinates: pixel (i, j) covers `[i, i+1) × [j, j+1)`, so
/// `(0, 0, width, height)` is a whole image and `(0.5, 0, 2, 1)` covers half of pixel 0, all of
/// pixel 1 and half of pixel 2 of the first row.
///
/// Used for crops whose exact edges fall between pixels (see `PixelBuffer.resampled(to:region:filter:)`).
public struct PixelRegion: Hashable, Sendable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (> 0 to be usable).
    public var width: Double
    /// Height (> 0 to be usable).
    public var height: Double

    /// The region from (`x`, `y`) spanning `width` × `height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The region covering exactly the pixels of `rect`.
    public init(_ rect: PixelRect) {
        self.init(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
    }

    /// Whether every value is finite, the region is non-empty, and it lies within `[0, size.width]
    /// × [0, size.height]`.
    public func isInside(_ size: PixelSize) -> Bool {
        x.isFinite && y.isFinite && width.isFinite && height.isFinite
            && width > 0 && height > 0 && x >= 0 && y >= 0
            && x + width <= Double(size.width) && y + height <= Double(size.height)
    }

    /// `"(x, y, width, height)"`.
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
