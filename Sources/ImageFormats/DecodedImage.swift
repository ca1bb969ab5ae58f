/// A whole image decoded to packed RGB8 rows (`width × 3` bytes each, top to bottom), alpha composited
/// on white, in stored orientation (`ImageFacts.orientation` not applied).
public struct DecodedImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
