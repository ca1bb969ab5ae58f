import Imaging
import JPEG

/// The slow reference the quality test measures thumbnails against, built without the pipeline's
/// plan or orientation code: the photo decoded at full size (scale 1, no region), turned upright
/// by the table below, its centre square cut by the layout rule (side = min(w, h), origin
/// ((w − side)/2, (h − side)/2) in display pixels, halves kept), and that square area-averaged to
/// the output side (every pixel weighted by the exact part of it under each output pixel).
enum IndependentReference {
    /// The stored pixel shown at display column `x`, row `y` of a stored image `w` × `h`, for each
    /// EXIF orientation (the EXIF 2.32 table: 0th row / 0th column of the stored image).
    static func storedPoint(orientation: Int, x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch orientation {
        case 2: return (w - 1 - x, y)              // mirrored left–right
        case 3: return (w - 1 - x, h - 1 - y)      // half a turn
        case 4: return (x, h - 1 - y)              // mirrored top–bottom
        case 5: return (y, x)                      // mirrored across the main diagonal
        case 6: return (y, h - 1 - x)              // stored turned a quarter turn clockwise
        case 7: return (w - 1 - y, h - 1 - x)      // mirrored across the anti-diagonal
        case 8: return (w - 1 - y, x)              // stored turned a quarter turn counter-clockwise
        default: return (x, y)                     // 1, or anything else: as stored
        }
    }

    /// The decoded photo turned upright: display size (w and h exchanged for 5–8), each pixel
    /// copied from `storedPoint`.
    static func upright(_ decoded: DecodedJPEG, orientation: Int) throws -> PixelBuffer {
        let w = decoded.width, h = decoded.height
        let swaps = (5...8).contains(orientation)
        return try PixelBuffer(width: swaps ? h : w, height: swaps ? w : h) { x, y in
            let p = storedPoint(orientation: orientation, x: x, y: y, w: w, h: h)
            let c = decoded.rgb(x: p.x, y: p.y)
            return RGB(red: c.red, green: c.green, blue: c.blue)
        }
    }

    /// The reference square thumbnail of the photo at `path` with EXIF `orientation`: `side` pixels,
    /// or the crop's own side when the photo is smaller (never upscaled).
    static func square(path: String, orientation: Int, side: Int) throws -> PixelBuffer {
        let decoded = try JPEGDecoder.decode(path: path)   // scale 1, whole image
        let image = try upright(decoded, orientation: orientation)
        let crop = min(image.width, image.height)
        let region = PixelRegion(x: Double(image.width - crop) / 2, y: Double(image.height - crop) / 2,
                                 width: Double(crop), height: Double(crop))
        let output = min(side, crop)
        return try image.areaAveraged(to: PixelSize(width: output, height: output), region: region)
    }
}
