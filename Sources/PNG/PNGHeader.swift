/// What a PNG says about itself, read without inflating a pixel: IHDR (through libpng's
/// png_read_info, which reads the chunks before the first IDAT) and the `eXIf` chunk.
public struct PNGHeader: Sendable, Equatable {
    /// Pixel width as stored in IHDR (before EXIF orientation).
    public var storedWidth: Int
    /// Pixel height as stored in IHDR (before EXIF orientation).
    public var storedHeight: Int
    /// Bits per sample: 1, 2, 4, 8 or 16.
    public var bitDepth: Int
    public var colorType: PNGColorType
    /// Whether the pixels are Adam7-interlaced.
    public var isInterlaced: Bool
    /// Whether there is alpha: an alpha channel or a tRNS chunk.
    public var hasAlpha: Bool
    /// EXIF orientation 1...8 from the `eXIf` chunk (1 when absent or invalid).
    public var orientation: Int
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", if present and valid.
    public var takenAt: String?
    /// Non-fatal problems (libpng warnings, bad EXIF, chunks cut short after IDAT).
    public var warnings: [String]

    public init(storedWidth: Int, storedHeight: Int, bitDepth: Int, colorType: PNGColorType, isInterlaced: Bool,
                hasAlpha: Bool, orientation: Int, takenAt: String?, warnings: [String]) {
        self.storedWidth = storedWidth; self.storedHeight = storedHeight; self.bitDepth = bitDepth
        self.colorType = colorType; self.isInterlaced = isInterlaced; self.hasAlpha = hasAlpha
        self.orientation = orientation; self.takenAt = takenAt; self.warnings = warnings
    }

    /// Display width: the stored size swapped for orientations 5–8.
    public var displayWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    /// Display height: the stored size swapped for orientations 5–8.
    public var displayHeight: Int { orientation >= 5 ? storedWidth : storedHeight }
}
