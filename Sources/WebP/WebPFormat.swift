/// How a WebP's image is coded (libwebp's WebPBitstreamFeatures.format).
public enum WebPFormat: Int, Sendable, Equatable {
    /// Animated, or a VP8X whose image chunk was not in the bytes read.
    case mixedOrUndefined = 0
    /// VP8.
    case lossy = 1
    /// VP8L.
    case lossless = 2
}
