public import Imaging
import PNG
import WebP

/// Decodes photos and videos of every format (a video's picture is its poster frame): the one decoder
/// the thumbnail pipeline and `render` ask. What a format's decoder can do beyond decoding the whole
/// image is said by `scaleDenominators(of:)` and `decodesRegions(_:)` — callers ask those, never the
/// format.
public enum ImageDecoder {
    /// The reductions `format`'s decoder applies while decoding, as denominators (1/N of each side),
    /// largest first: JPEG's DCT scales 8, 4, 2 and 1; 1 alone for a format decoded at full size.
    public static func scaleDenominators(of format: ImageFormat) -> [Int] {
        format == .jpeg ? JPEGSupport.scaleDenominators : [1]
    }

    /// Whether `format`'s decoder decodes a region of the image without the rest
    /// (`decode(…scaleDenominator:region:)`).
    public static func decodesRegions(_ format: ImageFormat) -> Bool { format == .jpeg }

    /// Decodes `region` of the file open as `descriptor` at 1/`scaleDenominator` (the region in the
    /// pixels of the image at that scale), for a format that `decodesRegions`; `DecodedImage.storedWidth` and
    /// `storedHeight` are the whole image's size as the file declares it.
    public static func decode(descriptor: Int32, path: String, format: ImageFormat, pixelLimit: Int,
                              scaleDenominator: Int, region: PixelRect) throws(ImageFormatError) -> DecodedImage {
        guard decodesRegions(format) else { throw .unsupported(format) }
        return try JPEGSupport.decode(descriptor: descriptor, path: path, pixelLimit: pixelLimit,
                                      scaleDenominator: scaleDenominator, region: region, atLeast: nil, storedSize: nil)
    }

    /// Decodes the file open as `descriptor` (read again through `/proc/self/fd/N` where a format's
    /// library reads by path) as `format`, refusing before decoding an image of more than `pixelLimit`
    /// pixels. `path` is for messages.
    ///
    /// With `atLeast`, a smaller version of the image that is at least that large in both sides may be
    /// decoded instead (`DecodedImage.isReduced`): a JPEG at a DCT scale, a HEIF's own thumbnail item of
    /// the same shape. `storedSize`, when the caller probed the file already, spares a JPEG reading its
    /// header twice to choose the scale.
    public static func decode(descriptor: Int32, path: String, format: ImageFormat, pixelLimit: Int,
                              atLeast minimum: (width: Int, height: Int)? = nil,
                              storedSize: PixelSize? = nil) throws(ImageFormatError) -> DecodedImage {
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
            return try JPEGSupport.decode(descriptor: descriptor, path: path, pixelLimit: pixelLimit, scaleDenominator: 1,
                                          region: nil, atLeast: minimum, storedSize: storedSize)
        }
    }
}
