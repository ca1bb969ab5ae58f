import PNG
import WebP

/// Decodes PNG, WebP and HEIF files whole, for thumbnails (JPEG has its own region decoder).
public enum ImageDecoder {
    /// Decodes the file open as `descriptor` (read again through `/proc/self/fd/N`) as `format`,
    /// refusing before decoding an image of more than `pixelLimit` pixels. `path` is for messages.
    ///
    /// With `atLeast`, a smaller version of the image that is at least that large in both sides may be
    /// decoded instead (`DecodedImage.isReduced`): a HEIF's own thumbnail item of the same shape.
    public static func decode(descriptor: Int32, path: String, format: ImageFormat, pixelLimit: Int,
                              atLeast minimum: (width: Int, height: Int)? = nil) throws(ImageFormatError) -> DecodedImage {
        let reopened = "/proc/self/fd/\(descriptor)"
        switch format {
        case .png:
            do {
                let png = try PNGDecoder.decode(path: reopened, pixelLimit: pixelLimit)
                return DecodedImage(width: png.width, height: png.height, pixels: png.pixels)
            } catch {
                if case let .overPixelLimit(w, h, limit) = error { throw .overPixelLimit(width: w, height: h, limit: limit) }
                throw .png(error.naming(path))
            }
        case .webp:
            do {
                let webP = try WebPDecoder.decode(path: reopened, pixelLimit: pixelLimit)
                return DecodedImage(width: webP.width, height: webP.height, pixels: webP.pixels)
            } catch {
                if case let .overPixelLimit(w, h, limit) = error { throw .overPixelLimit(width: w, height: h, limit: limit) }
                throw .webp(error.naming(path))
            }
        case .heic, .avif:
            return try HEIFSupport.decode(path: reopened, displayPath: path, format: format, pixelLimit: pixelLimit,
                                          atLeast: minimum)
        case .mov, .mp4:
            return try VideoSupport.decode(path: reopened, pixelLimit: pixelLimit)
        case .jpeg:
            throw .unsupported(.jpeg)
        }
    }
}
