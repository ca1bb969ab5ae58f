public import Imaging
public import JPEG
public import Thumbnails

/// The slow reference a thumbnail's quality is measured against: the photo decoded at full size
/// (no DCT scaling), the exact visible region (`plan.sourceRegion` scaled back to stored pixels)
/// area-averaged to the output size (every stored pixel weighted by the exact part of it under
/// each output pixel, in `Double`), then oriented.
///
/// Area averaging is the mean of what each output pixel covers: no ringing, no aliasing from
/// skipped pixels, no dependence on a particular filter's sharpness. PSNR against it measures how
/// far a fast pipeline (DCT scaling, a 2-pass fixed-point filter, 8-bit intermediates) strays from
/// the plain average of the photo's pixels. It costs a full decode and `O(stored pixels)` doubles.
public enum ThumbnailReference {
    /// The reference pixels of `target` for `source` (display orientation, `plan.outputSize`).
    public static func render(_ source: ThumbnailSource, target: ThumbnailTarget,
                              pixelLimit: Int = JPEGDecodeOptions.defaultPixelLimit) throws(ThumbnailError) -> PixelBuffer {
        let plan: ThumbnailPlan
        do {
            // Margin is irrelevant to the region and the output size; plan at full scale.
            plan = try ThumbnailPlan(storedSize: source.storedSize, orientation: source.orientation,
                                     target: target, margin: ThumbnailPlan.maximumLength)
        } catch {
            throw .plan(error)
        }
        let decoded: DecodedJPEG
        do {
            decoded = try JPEGDecoder.decode(path: source.displayPath, options: JPEGDecodeOptions(pixelLimit: pixelLimit))
        } catch {
            throw .jpeg(error)
        }
        let d = Double(plan.scaleDenominator)
        let exact = PixelRegion(x: plan.sourceRegion.x * d, y: plan.sourceRegion.y * d,
                                width: plan.sourceRegion.width * d, height: plan.sourceRegion.height * d)
        do {
            let full = try PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
            return try full.areaAveraged(to: plan.resampleSize, region: exact).oriented(plan.orientation)
        } catch {
            throw .imaging(error)
        }
    }
}
