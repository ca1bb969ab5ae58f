/// One decoded video frame as packed RGB8, turned and stretched as the video is displayed.
public struct VideoFrame: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width × height × 3` bytes, rows top to bottom.
    public var pixels: [UInt8]
    /// The frame's presentation time in seconds from the start of the file, as `ffmpeg -ss` counts
    /// (its timestamp in the stream's time base, less the file's start time): `ffmpeg -ss time -i FILE
    /// -frames:v 1` decodes this frame.
    public var time: Double

    public init(width: Int, height: Int, pixels: [UInt8], time: Double) {
        self.width = width; self.height = height; self.pixels = pixels; self.time = time
    }
}
