public import EXIF

/// What a HEIC or AVIF says about its primary image, read without decoding pixels.
public struct HEIFHeader: Sendable {
    /// The primary image's size as a viewer shows it: libheif applies the container's crop (`clap`),
    /// rotation (`irot`) and mirror (`imir`) — the size decoded pixels have.
    public var width: Int
    public var height: Int
    /// The coded size before those transforms (the `ispe` property).
    public var codedWidth: Int
    public var codedHeight: Int
    public var hasAlpha: Bool
    /// Bits per luma sample (8, 10, 12), -1 when the file does not say.
    public var bitDepth: Int
    /// The sizes of the image's own thumbnail items (as a viewer shows them), smallest first; usually
    /// none or one (an iPhone's is 320×240 or so).
    public var thumbnailSizes: [(width: Int, height: Int)]
    /// EXIF orientation from the Exif item (1 when absent). Informational: the container's `irot` and
    /// `imir` are what is applied (HEIF writers keep EXIF's tag in step with them, or reset it to 1).
    public var exifOrientation: Int
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", if present and valid.
    public var takenAt: String?
    /// Apple's Live Photo identifier from the EXIF maker note (`EXIFMetadata.contentIdentifier`).
    public var contentIdentifier: String?
    /// An Android Motion Photo's appended video, as the XMP item announces it (Samsung's HEICs).
    public var motionPhoto: MotionPhotoXMP?
    /// Non-fatal problems (unreadable EXIF).
    public var warnings: [String]

    public init(width: Int, height: Int, codedWidth: Int, codedHeight: Int, hasAlpha: Bool, bitDepth: Int,
                thumbnailSizes: [(width: Int, height: Int)] = [], exifOrientation: Int, takenAt: String?, warnings: [String]) {
        self.width = width; self.height = height; self.codedWidth = codedWidth; self.codedHeight = codedHeight
        self.hasAlpha = hasAlpha; self.bitDepth = bitDepth; self.thumbnailSizes = thumbnailSizes; self.exifOrientation = exifOrientation
        self.takenAt = takenAt; self.warnings = warnings
    }
}
