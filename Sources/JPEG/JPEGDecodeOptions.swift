/// How `JPEGDecoder` decodes.
public struct JPEGDecodeOptions: Sendable, Equatable {
    /// The default pixel limit: 100 megapixels of stored size.
    public static let defaultPixelLimit = 100_000_000

    /// Shrink-on-load factor.
    public var scale: JPEGScale
    /// Decode only this rectangle of the scaled image (nil: all of it). Rows above it are skipped
    /// (`jpeg_skip_scanlines`), columns outside it are not decoded beyond the enclosing iMCU
    /// columns (`jpeg_crop_scanline`), rows below it not at all; the pixels equal a full decode's.
    public var region: JPEGRegion?
    /// Refuse images whose stored width × height exceeds this, before allocating anything for them.
    public var pixelLimit: Int
    /// The IDCT used at full scale.
    public var dctMethod: JPEGDCTMethod
    /// libjpeg's `do_fancy_upsampling` (smooth chroma upsampling; off is faster and blockier).
    public var fancyUpsampling: Bool
    /// Refuse progressive files with more scans than this (corrupt files can have thousands).
    public var maximumScans: Int

    public init(scale: JPEGScale = .full, region: JPEGRegion? = nil, pixelLimit: Int = defaultPixelLimit,
                dctMethod: JPEGDCTMethod = .accurateInteger, fancyUpsampling: Bool = true,
                maximumScans: Int = 500) {
        self.scale = scale; self.region = region; self.pixelLimit = pixelLimit
        self.dctMethod = dctMethod; self.fancyUpsampling = fancyUpsampling; self.maximumScans = maximumScans
    }
}
