/// What a thumbnail is for, and so how it is cut and sized.
public enum ThumbnailTarget: Sendable, Hashable, CustomStringConvertible {
    /// A grid cell: the centre square of the oriented photo (the cell's visible crop, layout spec
    /// §4.3), `side` × `side` pixels (cell points × display scale, e.g. 129 × 3 = 387).
    case square(side: Int)
    /// A detail view: the whole oriented photo scaled so that its longer side is `longSide` pixels.
    case fit(longSide: Int)

    /// The requested pixel length: the square's side or the long side.
    public var pixels: Int {
        switch self {
        case .square(let side): return side
        case .fit(let longSide): return longSide
        }
    }

    /// `"square N"` or `"fit N"`.
    public var description: String {
        switch self {
        case .square(let side): return "square \(side)"
        case .fit(let longSide): return "fit \(longSide)"
        }
    }
}
