import Imaging
import JPEG

/// How the thumbnail pipeline decodes, resamples and encodes. The defaults are what
/// `photogrid thumbs` uses.
public struct ThumbnailOptions: Sendable, Hashable {
    /// JPEG quality of the thumbnails (libjpeg scale 1...100).
    public static let defaultQuality = 85
    /// The DCT margin the pipeline plans with: the decoded image keeps at least this many times
    /// the target's pixels before the final resample (see `ThumbnailPlan`).
    public static let defaultMargin = 2
    /// The default pixel limit: 100 megapixels of stored size.
    public static let defaultPixelLimit = JPEGDecodeOptions.defaultPixelLimit

    /// JPEG quality 1...100.
    public var quality: Int
    /// The DCT margin (≥ 1).
    public var margin: Int
    /// The filter of the final resample.
    public var filter: ResamplingFilter
    /// Photos whose stored width × height exceeds this are refused before anything is allocated
    /// for their pixels (`JPEGError.tooLarge`).
    public var pixelLimit: Int

    public init(quality: Int = ThumbnailOptions.defaultQuality, margin: Int = ThumbnailOptions.defaultMargin,
                filter: ResamplingFilter = .mitchell, pixelLimit: Int = ThumbnailOptions.defaultPixelLimit) {
        self.quality = quality
        self.margin = margin
        self.filter = filter
        self.pixelLimit = pixelLimit
    }
}
