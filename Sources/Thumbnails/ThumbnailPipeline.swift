public import Imaging
public import JPEG
import ImageFormats

/// A thumbnail's pixels, upright, with the plan that made them.
public struct RenderedThumbnail: Sendable {
    /// `plan.outputSize` pixels in display orientation (EXIF orientation applied).
    public var pixels: PixelBuffer
    public var plan: ThumbnailPlan
    /// The size and modification time of the file that was decoded.
    public var sourceVersion: FileVersion
    /// What libjpeg warned about in the decoded part (nil when it was clean): the thumbnail shows
    /// the pixels libjpeg made of the damaged data (a truncated file's missing part grey).
    public var damage: JPEGDamage?
}

/// Makes one thumbnail: plan → shrink-on-load decode of only the needed region → resample → orient → encode.
///
/// 1. **Plan** (`ThumbnailPlan`, from the indexed stored size and orientation): the libjpeg DCT
///    scale, the exact visible region in decoded pixels, the output size.
/// 2. **Decode** at `1 / plan.scaleDenominator` only the rows and iMCU columns the resampling filter reads
///    (`decodeRect(for:filter:)`): a square of a landscape photo decodes only its centre columns.
/// 3. **Resample** the exact (fractional) region to the output size in stored orientation, with
///    the filter stretched by the shrink factor (antialiased).
/// 4. **Orient** (EXIF 1–8) the small result, not the large decode.
/// 5. **Encode** at `options.quality` (`encode(_:quality:)`). The whole pipeline: see docs/commands.md.
///
/// Thread-safe: every call owns its buffers and libjpeg objects, about `3 × decoded region + 3 × output` bytes.
public enum ThumbnailPipeline {
    /// Decodes `source` and renders the pixels of `target`.
    ///
    /// Damaged data that libjpeg decodes with warnings (a truncated file, a missing EOI, corrupt entropy data)
    /// is not an error: the thumbnail shows what libjpeg decoded and `RenderedThumbnail.damage` says what was wrong.
    ///
    /// - Throws: `.plan` for sizes a plan refuses; `.jpeg(.overPixelLimit)` when the decoded region is above the
    ///   pixel limit (`checkPixelLimit`, from the indexed size, before the file is opened) or the file's own header
    ///   makes the decoding need more (`JPEGDecodeOptions.pixelLimit`: a progressive file's coefficients),
    ///   `.jpeg(.tooLittleData)` for a decompression bomb — both before anything is allocated for pixels;
    ///   `.sourceChanged`/`.sizeChanged` when the file is not the one that was indexed; `.jpeg` for any other
    ///   decoding failure; `.system` when the file cannot be opened.
    public static func render(_ source: ThumbnailSource, target: ThumbnailTarget,
                              options: ThumbnailOptions = ThumbnailOptions()) throws(ThumbnailError) -> RenderedThumbnail {
        let plan: ThumbnailPlan
        do {
            // The reductions the format's decoder applies while decoding (JPEG's DCT scales; none for most).
            plan = try ThumbnailPlan(storedSize: source.storedSize, orientation: source.orientation, target: target,
                                     margin: options.margin,
                                     scaleDenominators: ImageDecoder.scaleDenominators(of: source.format))
        } catch {
            throw .plan(error)
        }
        // A decoder that cannot decode a region decodes the whole image, then the region is resampled.
        if !ImageDecoder.decodesRegions(source.format) { return try renderWhole(source, plan: plan, options: options) }
        let rect = plan.needsResampling ? decodeRect(for: plan, filter: options.filter) : plan.crop
        try checkPixelLimit(rect, of: source.storedSize, options.pixelLimit)

        let file = try SourceFile(pathBytes: source.pathBytes, displayPath: source.displayPath, inside: source.folder)
        try checkIndexed(file, source)
        let decoded = try decode(file.descriptor, source: source, plan: plan, rect: rect, options: options)

        let buffer: PixelBuffer
        do {
            let region = try PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
            if plan.needsResampling {
                let exact = plan.sourceRegion
                let local = PixelRegion(x: exact.x - Double(rect.x), y: exact.y - Double(rect.y),
                                        width: exact.width, height: exact.height)
                buffer = try region.resampled(to: plan.resampleSize, region: local, filter: options.filter)
            } else {
                buffer = region
            }
        } catch {
            throw .imaging(error)
        }
        return RenderedThumbnail(pixels: buffer.oriented(plan.orientation), plan: plan, sourceVersion: file.version,
                                 damage: decoded.damage)
    }

    /// `render` for a PNG, WebP or HEIF: the whole image decoded (its pixel count checked against the
    /// limit from the indexed size first, and by the decoder from the file's header), then the plan's
    /// region resampled, then oriented — the JPEG path's steps 3 and 4 on a full-size decode.
    static func renderWhole(_ source: ThumbnailSource, plan: ThumbnailPlan,
                            options: ThumbnailOptions) throws(ThumbnailError) -> RenderedThumbnail {
        let stored = source.storedSize
        if stored.width * stored.height > options.pixelLimit {  // sides ≤ ThumbnailPlan.maximumLength
            throw .image(.overPixelLimit(width: stored.width, height: stored.height, limit: options.pixelLimit))
        }
        let file = try SourceFile(pathBytes: source.pathBytes, displayPath: source.displayPath, inside: source.folder)
        try checkIndexed(file, source)
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(descriptor: file.descriptor, path: source.displayPath,
                                              format: source.format, pixelLimit: options.pixelLimit,
                                              atLeast: plan.needsResampling ? reducedDecodeMinimum(for: plan) : nil)
        } catch {
            throw .image(error)
        }
        let found = PixelSize(width: decoded.width, height: decoded.height)
        // A video's poster can be of another size than the probe recorded: a sample aspect ratio only the
        // bitstream states (an H.264 VUI without a `pasp` box), a container that contradicts its stream.
        // The content key is unchanged, so it is the same file: the poster is stretched to the recorded
        // geometry, which the grid lays out.
        let rescaled = decoded.isReduced || (source.format.isVideo && found != stored)
        guard found == stored || rescaled else {
            throw .sizeChanged(path: source.displayPath, expected: stored, found: found)
        }
        let buffer: PixelBuffer
        do {
            let whole = try PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
            if rescaled {
                // The same exact region, in the smaller image's coordinates.
                let sx = Double(found.width) / Double(stored.width), sy = Double(found.height) / Double(stored.height)
                let region = plan.sourceRegion
                buffer = try whole.resampled(to: plan.resampleSize,
                                             region: PixelRegion(x: region.x * sx, y: region.y * sy,
                                                                 width: region.width * sx, height: region.height * sy),
                                             filter: options.filter)
            } else {
                buffer = plan.needsResampling
                    ? try whole.resampled(to: plan.resampleSize, region: plan.sourceRegion, filter: options.filter)
                    : try whole.cropped(to: plan.crop)
            }
        } catch {
            throw .imaging(error)
        }
        return RenderedThumbnail(pixels: buffer.oriented(plan.orientation), plan: plan, sourceVersion: file.version,
                                 damage: nil)
    }

    /// The smallest decoded size that keeps the plan's margin (as the JPEG DCT scale does): the side
    /// that matters — the shorter for a square, the longer for a fit — at least `margin × N` pixels,
    /// the other in proportion. A HEIF's own thumbnail item of at least this size is decoded instead
    /// of the whole image (`ImageDecoder.decode(…atLeast:)`).
    static func reducedDecodeMinimum(for plan: ThumbnailPlan) -> (width: Int, height: Int) {
        let stored = plan.storedSize
        let relevant: Int
        switch plan.target {
        case .square: relevant = min(stored.width, stored.height)
        case .fit: relevant = max(stored.width, stored.height)
        }
        let (required, overflow) = plan.margin.multipliedReportingOverflow(by: plan.target.pixels)
        guard !overflow, required < relevant else { return (stored.width, stored.height) }
        return ((stored.width * required + relevant - 1) / relevant, (stored.height * required + relevant - 1) / relevant)
    }

    /// Encodes rendered pixels: the bytes of the thumbnail's JPEG file (baseline, optimized Huffman).
    public static func encode(_ rendered: RenderedThumbnail, quality: Int = ThumbnailOptions.defaultQuality) throws(ThumbnailError) -> [UInt8] {
        do {
            return try JPEGEncoder.encode(rgb: rendered.pixels.bytes, width: rendered.pixels.width,
                                          height: rendered.pixels.height, quality: quality)
        } catch {
            throw .jpeg(error)
        }
    }

    /// The rectangle of decoded pixels (at the plan's DCT scale) the resampling filter reads for
    /// `plan.sourceRegion`: the region widened by the filter's reach on each side and clamped to
    /// the image, in whole pixels.
    ///
    /// Along an axis that shrinks by `s = region length / output length`, output pixel `i` is
    /// centred at `a + (i + ½)·s` and reads the pixels whose centres lie within `support · max(s, 1)`
    /// of it, so none further than `support · max(s, 1) + 1` pixels outside the region.
    /// Decoding this rectangle gives the same thumbnail as decoding the whole image.
    public static func decodeRect(for plan: ThumbnailPlan, filter: ResamplingFilter) -> PixelRect {
        let region = plan.sourceRegion
        func span(start: Double, length: Double, output: Int, limit: Int) -> (Int, Int) {
            let reach = filter.support * max(length / Double(output), 1) + 1
            let low = max(0, Int((start - reach).rounded(.down)))
            let high = min(limit, Int((start + length + reach).rounded(.up)))
            return (low, max(high, low + 1))
        }
        let (x0, x1) = span(start: region.x, length: region.width, output: plan.resampleSize.width,
                            limit: plan.decodedSize.width)
        let (y0, y1) = span(start: region.y, length: region.height, output: plan.resampleSize.height,
                            limit: plan.decodedSize.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Throws `.jpeg(.overPixelLimit)` when decoding `rect` of the photo stored `stored` holds more
    /// pixels than `limit` (the decoder checks the same from the file's header, adding a progressive
    /// file's coefficients, which the index does not know about).
    static func checkPixelLimit(_ rect: PixelRect, of stored: PixelSize, _ limit: Int) throws(ThumbnailError) {
        let pixels = rect.width * rect.height  // sides ≤ ThumbnailPlan.maximumLength: no overflow
        if pixels > limit {
            throw .jpeg(.overPixelLimit(width: stored.width, height: stored.height, decodedPixels: pixels,
                                        coefficientPixels: 0, limit: limit))
        }
    }

    /// Decodes `rect` of the image at the plan's scale and checks that the file is what the plan
    /// was made for.
    static func decode(_ descriptor: Int32, source: ThumbnailSource, plan: ThumbnailPlan, rect: PixelRect,
                       options: ThumbnailOptions) throws(ThumbnailError) -> DecodedImage {
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(descriptor: descriptor, path: source.displayPath, format: source.format,
                                              pixelLimit: options.pixelLimit, scaleDenominator: plan.scaleDenominator,
                                              region: rect)
        } catch {
            // A region outside the file's image: its size is not the indexed one.
            if case .regionOutsideImage = error,
               let facts = try? ImageProbe.probe(descriptor: descriptor, path: source.displayPath, format: source.format) {
                throw .sizeChanged(path: source.displayPath, expected: source.storedSize,
                                   found: PixelSize(width: facts.storedWidth, height: facts.storedHeight))
            }
            throw ThumbnailError(decoding: error)
        }
        let found = PixelSize(width: decoded.storedWidth, height: decoded.storedHeight)
        guard found == source.storedSize else {
            throw .sizeChanged(path: source.displayPath, expected: source.storedSize, found: found)
        }
        return decoded
    }
}

extension ThumbnailPipeline {
    /// Whether `file` is still the file `source` was indexed from: its size and mtime, then its content
    /// key's digest (two reads of 16 and 4 KiB); `.sourceChanged` when not.
    static func checkIndexed(_ file: borrowing SourceFile, _ source: ThumbnailSource) throws(ThumbnailError) {
        if let expected = source.expectedVersion, expected != file.version {
            throw .sourceChanged(path: source.displayPath)
        }
        if let digest = source.expectedDigest,
           (try? ImageProbe.contentDigest(descriptor: file.descriptor, format: source.format)) != digest {
            throw .sourceChanged(path: source.displayPath)
        }
    }
}
