public import JPEG

/// An image decoded to packed RGB8 rows (`width × 3` bytes each, top to bottom), alpha composited on
/// white, in stored orientation (`ImageFacts.orientation` not applied): the whole image, smaller
/// (`isReduced`), or a region of it (a decoder that `decodesRegions`).
public struct DecodedImage: Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    /// Whether this is a smaller version of the image (a HEIF's own thumbnail item, asked for with
    /// `ImageDecoder.decode(…atLeast:)`) rather than its full size: the same picture, scaled.
    public var isReduced: Bool
    /// The whole image's stored size as the file declares it (the decoded size, unless reduced or a region).
    public var storedWidth: Int
    public var storedHeight: Int
    /// What the decoder warned about in data it decoded all the same (a truncated JPEG's missing part
    /// grey); nil when the data was clean.
    public var damage: JPEGDamage?

    public init(width: Int, height: Int, pixels: [UInt8], isReduced: Bool = false) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isReduced = isReduced
        storedWidth = width
        storedHeight = height
    }
}
