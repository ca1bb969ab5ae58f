/// IHDR's colour type.
public enum PNGColorType: Int, Sendable, Equatable {
    case gray = 0
    case rgb = 2
    case palette = 3
    case grayAlpha = 4
    case rgba = 6
}
