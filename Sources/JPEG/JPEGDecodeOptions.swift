/// How `JPEGDecoder` decodes.
public struct JPEGDecodeOptions: Sendable, Equatable {
    /// The default pixel limit: 256 megapixels of decoding memory (about 770 MB). Any baseline JPEG
    /// (65,535² at most, 67 MP at 1/8) fits at 1/8; a progressive one up to about 250 MP (4:2:0).
    public static let defaultPixelLimit = 256_000_000

    /// Shrink-on-load factor.
    public var scale: JPEGScale
    /// Decode only this rectangle of the scaled image (nil: all of it). Rows above it are skipped
    /// (`jpeg_skip_scanlines`), columns outside it are not decoded beyond the enclosing iMCU
    /// columns (`jpeg_crop_scanline`), rows below it not at all; the pixels equal a full decode's.
    public var region: JPEGRegion?
    /// The most pixels the decoding may hold, checked from the header before libjpeg allocates
    /// anything for the image (`JPEGError.overPixelLimit`): the pixels returned (the region, after
    /// shrink-on-load: a 200 MP photo at 1/8 is 3.1 MP) plus, for a progressive or multi-scan file,
    /// the DCT coefficients libjpeg buffers for the whole image at full size, counted at 3 bytes a
    /// pixel (128 bytes per 8×8 block: 1 pixel per stored pixel for 4:2:0 colour, 2 for 4:4:4, ⅔ for
    /// grayscale). So a limit of N bounds the image buffers at about 3·N bytes. Independently, a
    /// file with less than one bit of data per 8×8 block is refused (`JPEGError.tooLittleData`).
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
