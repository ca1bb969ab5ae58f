/// Whether two signatures are the same picture and, when not, the first test that refused them.
public enum PictureVerdict: Sendable, Hashable {
    case same
    case different(PictureDifference)

    /// Whether the verdict is `.same`.
    public var isSame: Bool { self == .same }
}

/// The test that refused a pair, in the order `PictureVerifier` applies them.
public enum PictureDifference: String, Sendable, Hashable, CaseIterable {
    /// Both capture times known and a different moment (`CaptureTimeRule`).
    case captureTime
    /// Another aspect ratio: a crop, not a size.
    case shape
    /// Another mean luminance: a lighter or darker variant.
    case brightness
    /// Another luminance spread.
    case contrast
    /// Somewhere in the picture the content differs (a moved subject, another frame).
    case content
}
