/// Decoded pixels: packed RGB8 rows of `width × 3` bytes, top to bottom, in stored orientation
/// (EXIF orientation is not applied).
public struct DecodedJPEG: Sendable, Equatable {
    /// Width of `pixels` in pixels.
    public var width: Int
    /// Height of `pixels` in pixels.
    public var height: Int
    /// Where `pixels` starts in the scaled image: the requested region's origin (0, 0 without one).
    public var regionX: Int
    public var regionY: Int
    /// The size of the whole image at the chosen scale.
    public var scaledWidth: Int
    public var scaledHeight: Int
    /// The stored size (SOF).
    public var storedWidth: Int
    public var storedHeight: Int
    /// The colour space of the stored components (the output is always RGB).
    public var colorSpace: JPEGColorSpace
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]
    /// Non-fatal problems libjpeg reported (corrupt data, premature end: missing parts are grey).
    public var warnings: [String]
    /// What those warnings say about the pixels (nil when there were none).
    public var damage: JPEGDamage?

    public init(width: Int, height: Int, regionX: Int, regionY: Int, scaledWidth: Int, scaledHeight: Int,
                storedWidth: Int, storedHeight: Int, colorSpace: JPEGColorSpace, pixels: [UInt8],
                warnings: [String], damage: JPEGDamage? = nil) {
        self.width = width; self.height = height; self.regionX = regionX; self.regionY = regionY
        self.scaledWidth = scaledWidth; self.scaledHeight = scaledHeight
        self.storedWidth = storedWidth; self.storedHeight = storedHeight
        self.colorSpace = colorSpace; self.pixels = pixels; self.warnings = warnings; self.damage = damage
    }

    /// The RGB of the pixel at (`x`, `y`) of `pixels` (not of the scaled image).
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
