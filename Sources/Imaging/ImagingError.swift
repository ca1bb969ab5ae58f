/// Why an imaging operation refused its input.
///
/// Every operation in `Imaging` validates sizes and rects and throws one of these instead of
/// trapping, so no input (however absurd) can crash the process.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A pixel size is not usable: a side is zero or negative, or `width × height × 3` bytes
    /// does not fit in memory addressing.
    case invalidSize(PixelSize)
    /// The pixel bytes given for a buffer are not exactly `width × height × 3`.
    case byteCountMismatch(expected: Int, actual: Int)
    /// A rect is empty or reaches outside the image it should select from.
    case rectOutsideImage(rect: PixelRect, imageSize: PixelSize)
    /// A continuous region is empty, not finite, or reaches outside the image.
    case regionOutsideImage(region: PixelRegion, imageSize: PixelSize)
    /// Two images that must have the same size (for a comparison) do not.
    case sizeMismatch(PixelSize, PixelSize)

    /// One line saying what was wrong, with the numbers.
    public var description: String {
        switch self {
        case .invalidSize(let size):
            return "invalid pixel size \(size)"
        case .byteCountMismatch(let expected, let actual):
            return "pixel data has \(actual) bytes, expected \(expected)"
        case .rectOutsideImage(let rect, let imageSize):
            return "rect \(rect) is empty or outside the \(imageSize) image"
        case .regionOutsideImage(let region, let imageSize):
            return "region \(region) is empty or outside the \(imageSize) image"
        case .sizeMismatch(let a, let b):
            return "image sizes differ: \(a) and \(b)"
        }
    }
}
