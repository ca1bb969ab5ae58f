/// libjpeg's inverse DCT for full-size (1/1) decoding. Scaled decodes (1/2, 1/4, 1/8) use
/// libjpeg's reduced-size IDCTs whatever this says.
public enum JPEGDCTMethod: Sendable, Equatable, CaseIterable {
    /// JDCT_ISLOW: accurate integer (libjpeg's default).
    case accurateInteger
    /// JDCT_IFAST: faster, less accurate integer.
    case fastInteger
    /// JDCT_FLOAT: floating point.
    case float
}
