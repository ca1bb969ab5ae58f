/// Decoded pixels: packed RGB8 rows of `width × 3` bytes, top to bottom, in stored orientation (EXIF
/// orientation is not applied; `WebPHeader.orientation` reports it), alpha composited on white.
/// `width`×`height` is the requested scaled size; `storedWidth`×`storedHeight` the file's.
public struct DecodedWebP: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var storedWidth: Int
    public var storedHeight: Int
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, storedWidth: Int, storedHeight: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.storedWidth = storedWidth; self.storedHeight = storedHeight
        self.pixels = pixels
    }

    /// The RGB of the pixel at (`x`, `y`).
    public func rgb(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = (y * width + x) * 3
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2])
    }
}
