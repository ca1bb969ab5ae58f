/// What a WebP says about itself, read without decoding a pixel: libwebp's WebPGetFeatures on the
/// first bytes, and the EXIF chunk found by walking the RIFF chunks by their sizes.
public struct WebPHeader: Sendable, Equatable {
    /// Width as stored (the canvas of an animation), before EXIF orientation.
    public var storedWidth: Int
    /// Height as stored (the canvas of an animation), before EXIF orientation.
    public var storedHeight: Int
    public var hasAlpha: Bool
    public var isAnimated: Bool
    public var format: WebPFormat
    /// EXIF orientation 1...8 from the EXIF chunk (1 when absent or invalid).
    public var orientation: Int
    /// EXIF DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", if present and valid.
    public var takenAt: String?
    /// Non-fatal problems (bad EXIF, a chunk size past the end of the file).
    public var warnings: [String]

    public init(storedWidth: Int, storedHeight: Int, hasAlpha: Bool, isAnimated: Bool, format: WebPFormat,
                orientation: Int, takenAt: String?, warnings: [String]) {
        self.storedWidth = storedWidth; self.storedHeight = storedHeight; self.hasAlpha = hasAlpha
        self.isAnimated = isAnimated; self.format = format; self.orientation = orientation
        self.takenAt = takenAt; self.warnings = warnings
    }

    /// Display width: the stored size swapped for orientations 5–8.
    public var displayWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    /// Display height: the stored size swapped for orientations 5–8.
    public var displayHeight: Int { orientation >= 5 ? storedWidth : storedHeight }
}
