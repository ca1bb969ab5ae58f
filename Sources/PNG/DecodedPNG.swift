/// Decoded pixels: packed RGB8 rows of `width × 3` bytes, top to bottom, in stored orientation (the
/// `eXIf` orientation is not applied; `PNGHeader.orientation` reports it). Alpha is composited on white;
/// 16-bit samples keep their high byte; gAMA, cHRM, sRGB and iCCP are ignored (the samples as stored,
/// as vips's thumbnails of PNGs without a profile do).
public struct DecodedPNG: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]
    /// Non-fatal problems libpng reported (its first warning and how many there were).
    public var warnings: [String]

    public init(width: Int, height: Int, pixels: [UInt8], warnings: [String]) {
        self.width = width; self.height = height; self.pixels = pixels; self.warnings = warnings
    }

    /// The RGB of the pixel at (`x`, `y`).
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
