/// An axis-aligned rectangle of whole pixels: columns `x ..< x + width`, rows `y ..< y + height`.
///
/// A plain value: it is not validated. Operations that read pixels through a rect check it with
/// `isInside(_:)` and throw `ImagingError.rectOutsideImage` when it does not fit.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// First column.
    public var x: Int
    /// First row.
    public var y: Int
    /// Number of columns.
    public var width: Int
    /// Number of rows.
    public var height: Int

    /// The rect whose top-left pixel is (`x`, `y`) and which spans `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rect covering a whole image of `size`.
    public init(size: PixelSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rect's width and height.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Whether the rect is non-empty and lies entirely inside an image of `size`.
    ///
    /// Written with subtractions only, so no combination of `Int` values can overflow.
    public func isInside(_ size: PixelSize) -> Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0
            && width <= size.width && height <= size.height
            && x <= size.width - width && y <= size.height - height
    }

    /// `"(x, y, width, height)"`.
    public var description: String { "(\(x), \(y), \(width), \(height))" }
}
