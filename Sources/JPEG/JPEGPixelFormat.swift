/// The layout of the pixels handed to `JPEGEncoder`.
public enum JPEGPixelFormat: Sendable, Equatable {
    /// 1 byte per pixel; stored as a 1-component grayscale JPEG.
    case grayscale
    /// 3 bytes per pixel, R G B; stored as YCbCr 4:2:0.
    case rgb
    /// 4 bytes per pixel, C M Y K, written as given. With `adobeMarker` (libjpeg's default and
    /// what Photoshop writes) readers treat the values as inverted (0 = full ink), so pass
    /// inverted values. `ycck` stores the components as YCCK instead of CMYK.
    case cmyk(ycck: Bool, adobeMarker: Bool)

    /// Bytes per pixel.
    public var bytesPerPixel: Int {
        switch self {
        case .grayscale: return 1
        case .rgb: return 3
        case .cmyk: return 4
        }
    }
}
