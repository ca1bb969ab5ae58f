import Imaging
import JPEG

/// JPEG through the JPEG module (libjpeg): the probe, and the decoder that shrinks by 1/2, 1/4 or 1/8 while
/// decoding (the DCT scale) and decodes a region without the rest.
enum JPEGSupport {
    /// The scales libjpeg decodes at, as denominators, largest first (8, 4, 2, 1).
    static let scaleDenominators = JPEGScale.allCases.map(\.denominator).sorted(by: >)

    /// The header's facts (the probe reads the first 16 KiB, then only the segments it needs, and digests
    /// the first bytes for the content key).
    static func probe(descriptor: Int32, path: String) throws(ImageFormatError) -> ImageFacts {
        let probe: JPEGFileProbe
        do { probe = try JPEGHeader.probe(fileDescriptor: descriptor, path: path) } catch { throw .jpeg(error) }
        let header = probe.header
        var facts = ImageFacts(format: .jpeg, storedWidth: header.storedWidth, storedHeight: header.storedHeight,
                               orientation: header.orientation, takenAt: header.takenAt, components: header.components,
                               colorSpace: header.colorSpace.rawValue, isProgressive: header.isProgressive,
                               prefixDigest: probe.prefixDigest)
        facts.contentIdentifier = header.contentIdentifier
        facts.motionPhoto = header.motionPhoto
        return facts
    }

    /// `region` (in the scaled image's pixels; nil for all of it) decoded at 1/`scaleDenominator`, or —
    /// with `atLeast` and no region — the whole image at the smallest scale that is at least that large
    /// (from `storedSize`, else from the header read again).
    static func decode(descriptor: Int32, path: String, pixelLimit: Int, scaleDenominator: Int, region: PixelRect?,
                       atLeast minimum: (width: Int, height: Int)?, storedSize: PixelSize?) throws(ImageFormatError) -> DecodedImage {
        guard var scale = JPEGScale(rawValue: scaleDenominator) else { throw .unsupported(.jpeg) }
        if let minimum, region == nil {
            let stored: PixelSize
            if let storedSize {
                stored = storedSize
            } else {
                do {
                    let header = try JPEGHeader.probe(fileDescriptor: descriptor, path: path).header
                    stored = PixelSize(width: header.storedWidth, height: header.storedHeight)
                } catch {
                    throw .jpeg(error)
                }
            }
            for candidate in JPEGScale.allCases.sorted(by: { $0.denominator > $1.denominator })
            where candidate.denominator > scale.denominator
                && candidate.scaledLength(stored.width) >= minimum.width
                && candidate.scaledLength(stored.height) >= minimum.height {
                scale = candidate
                break
            }
        }
        let options = JPEGDecodeOptions(scale: scale, region: region.map { JPEGRegion(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
                                        pixelLimit: pixelLimit)
        let decoded: DecodedJPEG
        do {
            decoded = try JPEGDecoder.decode(fileDescriptor: descriptor, path: path, options: options)
        } catch {
            throw failure(error, regionAsked: region != nil)
        }
        var image = DecodedImage(width: decoded.width, height: decoded.height, pixels: decoded.pixels, isReduced: scale != .full)
        image.storedWidth = decoded.storedWidth
        image.storedHeight = decoded.storedHeight
        image.damage = decoded.damage
        return image
    }

    /// A decode's error as the format seam says it: libjpeg's refusal of a region outside the image
    /// means the file's size is not the caller's (`regionOutsideImage`).
    private static func failure(_ error: JPEGError, regionAsked: Bool) -> ImageFormatError {
        if case .invalidArgument = error, regionAsked { return .regionOutsideImage }
        return .jpeg(error)
    }
}
