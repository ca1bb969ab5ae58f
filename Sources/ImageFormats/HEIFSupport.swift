import HEIF

/// HEIC and AVIF through the HEIF module (libheif).
enum HEIFSupport {
    /// The primary image's facts: its size after the container's transforms and no orientation to
    /// apply (libheif applies `irot`/`imir` while decoding; EXIF's tag is not applied again).
    static func probe(path: String, displayPath: String, format: ImageFormat, prefixDigest: UInt64) throws(ImageFormatError) -> ImageFacts {
        let header: HEIFHeader
        do { header = try HEIFFileProbe.probe(path: path) } catch { throw .heif(error.description) }
        var facts = ImageFacts(format: format, storedWidth: header.width, storedHeight: header.height, orientation: 1,
                               takenAt: header.takenAt, components: header.hasAlpha ? 4 : 3, colorSpace: "ycbcr",
                               isProgressive: false, prefixDigest: prefixDigest)
        facts.contentIdentifier = header.contentIdentifier
        facts.motionPhoto = header.motionPhoto
        return facts
    }

    /// The primary image decoded whole, upright, alpha on white — or, with `atLeast`, its own thumbnail
    /// item when one is that large.
    static func decode(path: String, displayPath: String, format: ImageFormat, pixelLimit: Int,
                       atLeast minimum: (width: Int, height: Int)?) throws(ImageFormatError) -> DecodedImage {
        do {
            let heif = try HEIFDecoder.decode(path: path, codec: format == .avif ? "AV1" : "HEVC", pixelLimit: pixelLimit,
                                              atLeast: minimum)
            return DecodedImage(width: heif.width, height: heif.height, pixels: heif.pixels, isReduced: heif.isThumbnailItem)
        } catch {
            if case let .overPixelLimit(w, h, limit) = error { throw .overPixelLimit(width: w, height: h, limit: limit) }
            throw .heif(error.description)
        }
    }
}
