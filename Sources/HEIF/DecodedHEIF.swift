/// A decoded HEIC or AVIF primary image: packed RGB8 rows of `width × 3` bytes, top to bottom, with the
/// container's crop, rotation and mirror applied (as a viewer shows it) and alpha composited on white.
public struct DecodedHEIF: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }
}
