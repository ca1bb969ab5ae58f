import JPEG
import Imaging

/// A placeholder for a photo's grid thumbnail, made in a millisecond from the small JPEG its camera
/// embedded in the Exif segment (`JPEGEmbeddedThumbnail`): turned upright by the photo's orientation,
/// its centre square cut, encoded again — about 120 px, which a browser scales into the cell while the
/// real thumbnail is made. Nothing is written to disk.
public enum EmbeddedThumbnailSquare {
    /// The placeholder's JPEG bytes for the photo at `pathBytes`, shown `displayWidth`×`displayHeight`;
    /// nil when it has no embedded thumbnail, or one of another shape (a 16:9 photo's is often
    /// letterboxed into 160×120: its square would show the bars), or one that does not decode.
    public static func make(pathBytes: [UInt8], displayWidth: Int, displayHeight: Int) -> [UInt8]? {
        guard let embedded = JPEGEmbeddedThumbnail.read(pathBytes: pathBytes) else { return nil }
        return make(embedded, displayWidth: displayWidth, displayHeight: displayHeight)
    }

    /// `make(pathBytes:…)` for the photo open as `file` (`SourceFile`'s rule: no link, inside its folder).
    public static func make(file: borrowing SourceFile, displayWidth: Int, displayHeight: Int) -> [UInt8]? {
        guard let embedded = JPEGEmbeddedThumbnail.read(descriptor: file.descriptor) else { return nil }
        return make(embedded, displayWidth: displayWidth, displayHeight: displayHeight)
    }

    private static func make(_ embedded: (jpeg: [UInt8], orientation: Int), displayWidth: Int, displayHeight: Int) -> [UInt8]? {
        guard displayWidth > 0, displayHeight > 0,
              let decoded = try? JPEGDecoder.decode(bytes: embedded.jpeg),
              decoded.width * decoded.height <= 1 << 20,
              let stored = try? PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels) else { return nil }
        let upright = stored.oriented(Orientation(rawValue: embedded.orientation) ?? .identity)
        // The same shape as the photo, within 2 %.
        let aspect = Double(upright.width) / Double(upright.height), photo = Double(displayWidth) / Double(displayHeight)
        guard abs(aspect / photo - 1) <= 0.02 else { return nil }
        let side = min(upright.width, upright.height)
        guard side >= 16, let square = try? upright.cropped(to: PixelRect(x: (upright.width - side) / 2, y: (upright.height - side) / 2,
                                                                     width: side, height: side)) else { return nil }
        return try? JPEGEncoder.encode(rgb: square.bytes, width: side, height: side, quality: 80)
    }
}
