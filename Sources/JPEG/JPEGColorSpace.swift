import CJPEGShims

/// The colour space libjpeg reports for a JPEG's stored components.
public enum JPEGColorSpace: String, Sendable, Equatable, CaseIterable {
    case grayscale, rgb, ycbcr, cmyk, ycck, unknown

    init(_ space: pgjpeg_color_space) {
        switch space {
        case PGJPEG_COLOR_GRAYSCALE: self = .grayscale
        case PGJPEG_COLOR_RGB: self = .rgb
        case PGJPEG_COLOR_YCBCR: self = .ycbcr
        case PGJPEG_COLOR_CMYK: self = .cmyk
        case PGJPEG_COLOR_YCCK: self = .ycck
        default: self = .unknown
        }
    }
}
