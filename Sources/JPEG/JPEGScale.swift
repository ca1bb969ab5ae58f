/// libjpeg's shrink-on-load: the IDCT produces 1/1, 1/2, 1/4 or 1/8 of the stored size.
public enum JPEGScale: Int, Sendable, Equatable, CaseIterable {
    case full = 1, half = 2, quarter = 4, eighth = 8

    /// The denominator (`scale_denom`; `scale_num` is 1).
    public var denominator: Int { rawValue }

    /// The decoded length of a stored length: libjpeg rounds up, ceil(stored / denominator)
    /// (e.g. 1065 at 1/8 → 134).
    public func scaledLength(_ stored: Int) -> Int {
        (stored + rawValue - 1) / rawValue
    }
}
