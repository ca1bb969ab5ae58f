/// A whole image decoded to packed RGB8 rows (`width × 3` bytes each, top to bottom), alpha composited
/// on white, in stored orientation (`ImageFacts.orientation` not applied).
public struct DecodedImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// Whether this is a smaller version of the image (a HEIF's own thumbnail item, asked for with
    /// `ImageDecoder.decode(…atLeast:)`) rather than its full size: the same picture, scaled.
    public var isReduced: Bool

    public init(width: Int, height: Int, pixels: [UInt8], isReduced: Bool = false) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isReduced = isReduced
    }
}
