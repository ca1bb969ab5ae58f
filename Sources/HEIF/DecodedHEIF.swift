/// A decoded HEIC or AVIF primary image: packed RGB8 rows of `width × 3` bytes, top to bottom, with the
/// container's crop, rotation and mirror applied (as a viewer shows it) and alpha composited on white.
public struct DecodedHEIF: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]
    /// Whether these are the pixels of the image's own thumbnail item rather than of the primary image.
    public var isThumbnailItem: Bool

    public init(width: Int, height: Int, pixels: [UInt8], isThumbnailItem: Bool = false) {
        self.width = width; self.height = height; self.pixels = pixels; self.isThumbnailItem = isThumbnailItem
    }
}
