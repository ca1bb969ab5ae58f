/// A width and a height in whole pixels.
///
/// A plain value: it is not validated. The types that allocate pixels (`PixelBuffer`) and the
/// operations that take a size check it and throw `ImagingError` for sizes they cannot use.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The same size with width and height exchanged (what a quarter turn or a transpose does).
    public var transposed: PixelSize { PixelSize(width: height, height: width) }

    /// `"W×H"`.
    public var description: String { "\(width)×\(height)" }
}
