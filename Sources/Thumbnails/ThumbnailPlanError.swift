public import Imaging

/// Why a thumbnail plan cannot be made from its inputs.
public enum ThumbnailPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo's stored size has a side that is zero or negative.
    case invalidStoredSize(PixelSize)
    /// The target's pixel length is zero or negative.
    case invalidTarget(ThumbnailTarget)
    /// The DCT margin is below 1.
    case invalidMargin(Int)

    /// One line naming the bad value.
    public var description: String {
        switch self {
        case .invalidStoredSize(let size): return "invalid stored size \(size)"
        case .invalidTarget(let target): return "invalid thumbnail target \(target)"
        case .invalidMargin(let margin): return "invalid DCT margin \(margin) (must be at least 1)"
        }
    }
}
