public import Imaging

/// How to make one thumbnail, worked out from the photo's header alone (pure arithmetic, no I/O).
///
/// The pipeline that follows a plan: decode the JPEG at `1 / scaleDenominator` (libjpeg's shrink-on-load)
/// → resample `sourceRegion` of the decoded pixels to `resampleSize` (or, when `needsResampling` is false,
/// just take `crop`) → apply the EXIF `orientation` → encode. Cropping and resampling happen in *stored*
/// orientation, so only the pixels that end up in the thumbnail are filtered; the crop is chosen in
/// *display* orientation and mapped back, so it is exactly the crop the user sees. Each rule is on the
/// member it decides (`scaleDenominator`, `crop`, `sourceRegion`, `outputSize`), for a photo stored
/// `W`×`H`, target length `N` and margin `M`.
public struct ThumbnailPlan: Sendable, Hashable {
    /// The DCT scale denominators libjpeg offers for shrink-on-load, largest first.
    public static let scaleDenominators = [8, 4, 2, 1]
    /// The margin docs/commands.md promises (`photogrid thumbs`): the decoded image is still at least 2× the target.
    public static let defaultMargin = 2
    /// The largest photo side and target length a plan accepts (JPEG's own limit is 65,535).
    public static let maximumLength = 1 << 20

    /// The photo's pixel size as stored (JPEG SOF), before orientation.
    public let storedSize: PixelSize
    /// The photo's EXIF orientation.
    public let orientation: Orientation
    /// What the thumbnail is for.
    public let target: ThumbnailTarget
    /// The DCT margin `M` the plan was made with.
    public let margin: Int
    /// The libjpeg `scale_denom` to decode with (`scale_num` = 1): 1, 2, 4 or 8. At `1/d` libjpeg outputs
    /// `ceil(W/d)` × `ceil(H/d)` pixels; the plan takes the largest `d` for which the side that matters still
    /// has at least `M × N` pixels — the shorter side for a square (it becomes the square), the longer side for
    /// a fit (it becomes the long side); `d = 1` if none does. So the final resample always shrinks by at
    /// least `M` (or works at full resolution).
    public let scaleDenominator: Int
    /// The size libjpeg outputs at that scale: `ceil(stored / scaleDenominator)` per side.
    public let decodedSize: PixelSize
    /// The part of the decoded image to keep, in whole decoded pixels and stored orientation (`Dw`×`Dh`
    /// decoded). Square: the centred largest square of the *oriented* decoded image, `side = min(Dw, Dh)`,
    /// offsets `(displayW − side) / 2` and `(displayH − side) / 2` rounded **down** in display coordinates
    /// (docs/layout-spec.md §4.3, whose exact offset may be a half pixel: the pixel boundary to its left/top
    /// as the user sees it), mapped to stored coordinates by `Orientation.storedRect(forDisplayRect:storedSize:)`
    /// (for a mirrored or rotated photo one pixel more than the naive `(Dw − side) / 2`). Fit: the whole image.
    public let crop: PixelRect
    /// The exact visible region in continuous decoded coordinates, stored orientation (what to resample:
    /// the whole-pixel `crop` loses up to 10 dB PSNR at 1/2 and 1/4 scale, against an area-average reference
    /// of the exact crop). Decoded pixel `k` covers stored pixels `[k·d, (k+1)·d)`, so it is the stored region
    /// divided by `d`: for a square `((W − s)/2 / d, (H − s)/2 / d, s/d, s/d)` with `s = min(W, H)` (the same
    /// whichever way the photo is turned); for a fit `(0, 0, W/d, H/d)`.
    public let sourceRegion: PixelRegion
    /// The size to resample `crop` to: `outputSize` in stored orientation (exchanged for EXIF 5–8).
    public let resampleSize: PixelSize
    /// The thumbnail's size as displayed (after orientation). No upscaling: a square is `min(N, min(W, H))`
    /// pixels and a fit keeps the photo's size when its long side is ≤ `N` (the real size is recorded; whoever
    /// draws it scales it to the cell anyway). A fit's long side is `N`, its short side `round(short × N /
    /// long)` (halves up, at least 1), from the stored size (the true aspect ratio), not the decoded one.
    public let outputSize: PixelSize

    /// Plans the thumbnail `target` of a photo stored `storedSize` with EXIF `orientation`, choosing
    /// the DCT scale so that the decoded image keeps at least `margin` × the target's pixels.
    ///
    /// - Throws: `ThumbnailPlanError` for a stored side or target length outside
    ///   `1...maximumLength`, or a margin below 1.
    public init(
        storedSize: PixelSize,
        orientation: Orientation,
        target: ThumbnailTarget,
        margin: Int = ThumbnailPlan.defaultMargin,
        scaleDenominators: [Int] = ThumbnailPlan.scaleDenominators
    ) throws(ThumbnailPlanError) {
        let range = 1...Self.maximumLength
        guard range.contains(storedSize.width), range.contains(storedSize.height) else {
            throw .invalidStoredSize(storedSize)
        }
        guard range.contains(target.pixels) else { throw .invalidTarget(target) }
        guard margin >= 1 else { throw .invalidMargin(margin) }

        // margin × N may exceed any side (a huge margin simply means "decode at full size").
        let (needed, overflow) = margin.multipliedReportingOverflow(by: target.pixels)
        let required = overflow ? Int.max : needed
        var denominator = 1
        for d in scaleDenominators {
            let decoded = Self.decodedSize(of: storedSize, scaleDenominator: d)
            let relevant: Int
            switch target {
            case .square: relevant = min(decoded.width, decoded.height)
            case .fit: relevant = max(decoded.width, decoded.height)
            }
            if relevant >= required {
                denominator = d
                break
            }
        }
        let decoded = Self.decodedSize(of: storedSize, scaleDenominator: denominator)

        let crop: PixelRect
        let region: PixelRegion
        let output: PixelSize
        let scale = Double(denominator)
        switch target {
        case .square(let side):
            let square = min(decoded.width, decoded.height)
            let display = orientation.displaySize(forStoredSize: decoded)
            let visible = PixelRect(
                x: (display.width - square) / 2, y: (display.height - square) / 2,
                width: square, height: square)
            crop = orientation.storedRect(forDisplayRect: visible, storedSize: decoded)
            let exactSide = min(storedSize.width, storedSize.height)
            region = PixelRegion(
                x: Double(storedSize.width - exactSide) / 2 / scale, y: Double(storedSize.height - exactSide) / 2 / scale,
                width: Double(exactSide) / scale, height: Double(exactSide) / scale)
            let length = min(side, min(storedSize.width, storedSize.height))
            output = PixelSize(width: length, height: length)
        case .fit(let longSide):
            crop = PixelRect(size: decoded)
            region = PixelRegion(x: 0, y: 0, width: Double(storedSize.width) / scale,
                                 height: Double(storedSize.height) / scale)
            let display = orientation.displaySize(forStoredSize: storedSize)
            let long = max(display.width, display.height), short = min(display.width, display.height)
            if long <= longSide {
                output = display
            } else {
                // round(short × N / long), halves up; short ≤ long so the result is ≤ N.
                let scaledShort = max(1, (2 * short * longSide + long) / (2 * long))
                output = display.width >= display.height
                    ? PixelSize(width: longSide, height: scaledShort)
                    : PixelSize(width: scaledShort, height: longSide)
            }
        }

        self.storedSize = storedSize
        self.orientation = orientation
        self.target = target
        self.margin = margin
        self.scaleDenominator = denominator
        self.decodedSize = decoded
        self.crop = crop
        self.sourceRegion = region
        self.resampleSize = orientation.storedSize(forDisplaySize: output)
        self.outputSize = output
    }

    /// Whether the crop has to be resampled (false when `crop` already has the output's pixel
    /// count, e.g. a small photo that is not enlarged: then `crop` is the thumbnail, unfiltered).
    public var needsResampling: Bool { crop.size != resampleSize }

    /// The size libjpeg decodes a `stored` image to at `1 / scaleDenominator`: each side rounded up,
    /// as libjpeg's `jdiv_round_up(image_width * scale_num, scale_denom)` does.
    public static func decodedSize(of stored: PixelSize, scaleDenominator d: Int) -> PixelSize {
        PixelSize(width: (stored.width + d - 1) / d, height: (stored.height + d - 1) / d)
    }
}
