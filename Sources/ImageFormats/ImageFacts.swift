public import EXIF

/// What a probe of a PNG, WebP or HEIF file tells the index, read without decoding pixels.
public struct ImageFacts: Sendable, Equatable {
    public var format: ImageFormat
    /// Pixel size as the decoder outputs it, before `orientation` (for HEIF: after the container's
    /// rotation, mirror and crop, which libheif applies while decoding).
    public var storedWidth: Int
    public var storedHeight: Int
    /// The EXIF orientation still to apply to decoded pixels, 1...8 (always 1 for HEIF: the container's
    /// `irot`/`imir` are what a viewer applies, and libheif has applied them).
    public var orientation: Int
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", if present and valid.
    public var takenAt: String?
    /// Channels as stored (1 gray, 2 gray + alpha, 3 colour, 4 colour + alpha).
    public var components: Int
    /// The stored colour model, in libjpeg's names as JPEG rows have them: "grayscale", "rgb" (also a
    /// PNG palette's colours) or "ycbcr" (lossy WebP, HEIF).
    public var colorSpace: String
    /// Interlaced PNG (Adam7); false otherwise.
    public var isProgressive: Bool
    /// `PrefixDigest` of the file's first bytes: with the size, the photo's content key. For a video,
    /// of its first bytes and its `moov` box (where a remux keeps the rotation that decides the picture).
    public var prefixDigest: UInt64
    /// A video's duration in seconds (nil for photos, and for a video whose duration is unknown).
    public var duration: Double?
    /// A video's codec as FFmpeg names it (`h264`, `hevc`); nil for photos.
    public var codec: String?
    /// A video's poster frame time in seconds from its start (`VideoPoster`); nil for photos.
    public var posterTime: Double?
    /// Apple's Live Photo identifier: a HEIC's or JPEG's maker note, a movie's
    /// `com.apple.quicktime.content.identifier`; the two halves of a Live Photo carry the same.
    public var contentIdentifier: String?
    /// An Android Motion Photo's announcement of its appended video (XMP).
    public var motionPhoto: MotionPhotoXMP?

    /// Whether these are a video's facts.
    public var isVideo: Bool { format.isVideo }

    public init(format: ImageFormat, storedWidth: Int, storedHeight: Int, orientation: Int, takenAt: String?,
                components: Int, colorSpace: String, isProgressive: Bool, prefixDigest: UInt64) {
        self.format = format
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.orientation = orientation
        self.takenAt = takenAt
        self.components = components
        self.colorSpace = colorSpace
        self.isProgressive = isProgressive
        self.prefixDigest = prefixDigest
    }
}
