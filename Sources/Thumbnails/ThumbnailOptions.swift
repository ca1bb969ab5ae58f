public import Imaging
import JPEG

/// How the thumbnail pipeline decodes, resamples and encodes. The defaults are what
/// `photogrid thumbs` uses.
public struct ThumbnailOptions: Sendable, Hashable {
    /// JPEG quality of the thumbnails (libjpeg scale 1...100).
    public static let defaultQuality = 85
    /// The DCT margin the pipeline plans with: the decoded image keeps at least this many times
    /// the target's pixels before the final resample (see `ThumbnailPlan`).
    ///
    /// 2, libvips' rule, not Pillow's 1 (`draft` then Lanczos). Measured (Benchmarks/thumbs.sh,
    /// `AntiAliasingTests`): libjpeg's scaled IDCT (1/2, 1/4, 1/8) is not a low-pass filter, so detail
    /// just above the decoded image's Nyquist frequency folds into it. With margin 1 the final
    /// resample shrinks only 1–2× and cannot remove what folded: period-3 stripes come out in bands
    /// 27–57 grey levels deep (flat within ±4 with margin 2), and on the camera photos the thumbnails
    /// are 1.5–2 dB further from the reference (256 px: 44.7 against 46.8 dB). The cost of margin 2
    /// is small because entropy decoding, which does not depend on the scale, dominates: a baseline
    /// 12 MP photo decodes at 1/4 in 17% more time than at 1/8, a progressive one in the same time.
    public static let defaultMargin = 2
    /// The default pixel limit (`JPEGDecodeOptions.defaultPixelLimit`): 256 megapixels of decoding
    /// memory, about 770 MB.
    public static let defaultPixelLimit = JPEGDecodeOptions.defaultPixelLimit

    /// JPEG quality 1...100.
    public var quality: Int
    /// The DCT margin (≥ 1).
    public var margin: Int
    /// The filter of the final resample.
    public var filter: ResamplingFilter
    /// The most pixels one decode may hold (`JPEGDecodeOptions.pixelLimit`): the decoded region after
    /// shrink-on-load, plus a progressive file's whole-image coefficients. A photo above it is refused
    /// before anything is allocated for its pixels (`JPEGError.overPixelLimit`).
    public var pixelLimit: Int

    public init(quality: Int = ThumbnailOptions.defaultQuality, margin: Int = ThumbnailOptions.defaultMargin,
                filter: ResamplingFilter = .mitchell, pixelLimit: Int = ThumbnailOptions.defaultPixelLimit) {
        self.quality = quality
        self.margin = margin
        self.filter = filter
        self.pixelLimit = pixelLimit
    }
}
