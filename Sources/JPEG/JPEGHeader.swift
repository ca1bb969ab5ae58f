public import EXIF

/// What a JPEG's header says, read without decoding a pixel.
public struct JPEGHeader: Sendable, Equatable {
    /// Pixel width as stored in the SOF marker (before EXIF orientation).
    public var storedWidth: Int
    /// Pixel height as stored in the SOF marker (before EXIF orientation).
    public var storedHeight: Int
    /// Number of colour components (1 grayscale, 3 YCbCr/RGB, 4 CMYK/YCCK).
    public var components: Int
    /// The colour space of the stored components.
    public var colorSpace: JPEGColorSpace
    /// Whether the frame is progressive (SOF2/SOF10).
    public var isProgressive: Bool
    /// Whether the entropy coding is arithmetic (SOF9–SOF11) rather than Huffman.
    public var isArithmetic: Bool
    /// EXIF orientation 1...8 (1 when absent or invalid).
    public var orientation: Int
    /// EXIF DateTimeOriginal as ISO 8601 local time without zone ("2008-10-22T16:29:49"), if present and valid.
    public var takenAt: String?
    /// Apple's Live Photo identifier from the EXIF maker note (`EXIFMetadata.contentIdentifier`).
    public var contentIdentifier: String?
    /// An Android Motion Photo's appended video, as the XMP segment announces it.
    public var motionPhoto: MotionPhotoXMP?
    /// Non-fatal problems (libjpeg warnings, out-of-range orientation, bad EXIF offsets).
    public var warnings: [String]

    public init(storedWidth: Int, storedHeight: Int, components: Int, colorSpace: JPEGColorSpace,
                isProgressive: Bool, isArithmetic: Bool, orientation: Int, takenAt: String?, warnings: [String]) {
        self.storedWidth = storedWidth; self.storedHeight = storedHeight; self.components = components
        self.colorSpace = colorSpace; self.isProgressive = isProgressive; self.isArithmetic = isArithmetic
        self.orientation = orientation; self.takenAt = takenAt; self.warnings = warnings
    }

    /// Display width: the stored size swapped for orientations 5–8.
    public var displayWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    /// Display height: the stored size swapped for orientations 5–8.
    public var displayHeight: Int { orientation >= 5 ? storedWidth : storedHeight }
}
