/// A video stream's picture as the container declares it: coded size, pixel shape, orientation, codec.
public struct VideoStreamHeader: Sendable, Equatable {
    /// The size as displayed: the coded size stretched by the sample aspect ratio, then turned by the
    /// orientation (`displaySize`). A portrait phone video is 1080×1920 here, 1920×1080 coded.
    public var width: Int
    public var height: Int
    /// The size of the coded pictures (the sample description's).
    public var codedWidth: Int
    public var codedHeight: Int
    /// The sample (pixel) aspect ratio, reduced; 1:1 when square or not stated.
    public var sampleAspectNumerator: Int
    public var sampleAspectDenominator: Int
    public var orientation: VideoOrientation
    /// libavcodec's name for the codec: "h264", "hevc", "mjpeg", "mpeg4" …
    public var codec: String

    public init(codedWidth: Int, codedHeight: Int, sampleAspectNumerator: Int = 1, sampleAspectDenominator: Int = 1,
                orientation: VideoOrientation = .identity, codec: String) {
        self.codedWidth = codedWidth; self.codedHeight = codedHeight
        self.sampleAspectNumerator = sampleAspectNumerator; self.sampleAspectDenominator = sampleAspectDenominator
        self.orientation = orientation; self.codec = codec
        let size = Self.displaySize(codedWidth: codedWidth, codedHeight: codedHeight,
                                    sampleAspect: (sampleAspectNumerator, sampleAspectDenominator), orientation: orientation)
        width = size.width; height = size.height
    }

    /// The largest sample aspect ratio taken (and its inverse the smallest); one beyond is treated as 1:1.
    public static let sampleAspectBound = 16

    /// The displayed size of `codedWidth`×`codedHeight` pixels of shape `sampleAspect` (n:d), turned.
    ///
    /// Pixels are only ever added, as browsers size a `<video>` (Chromium's natural size): wide pixels
    /// (n > d) stretch the width to round(w·n/d), tall ones (n < d) the height to round(h·d/n), the
    /// other side kept; rounding is half up, in integers: (2·w·n + d) / (2·d). A ratio with a side ≤ 0,
    /// or beyond `sampleAspectBound` either way, is square. Then sides swap for 90° and 270°.
    public static func displaySize(codedWidth: Int, codedHeight: Int, sampleAspect: (Int, Int),
                                   orientation: VideoOrientation) -> (width: Int, height: Int) {
        var (width, height) = (codedWidth, codedHeight)
        let (n, d) = sampleAspect
        if n > 0, d > 0, n <= d * sampleAspectBound, d <= n * sampleAspectBound {
            if n > d {
                width = (2 * codedWidth * n + d) / (2 * d)
            } else if n < d {
                height = (2 * codedHeight * d + n) / (2 * n)
            }
        }
        return orientation.swapsSides ? (height, width) : (width, height)
    }
}
