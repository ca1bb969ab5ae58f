/// A kind of thumbnail kept in the cache, named after its target: `grid-387` (the centre square
/// of 387 px that a grid cell of 129 pt shows at 3×) or `detail-1024` (the whole photo fitted
/// within 1024 px). The name is the cache's folder for it and the database's key for it.
public struct ThumbnailVariant: Sendable, Hashable, CustomStringConvertible {
    /// What the thumbnails of this variant are.
    public var target: ThumbnailTarget

    public init(_ target: ThumbnailTarget) {
        self.target = target
    }

    /// Grid thumbnails: squares of `side` pixels.
    public static func grid(_ side: Int) -> ThumbnailVariant { ThumbnailVariant(.square(side: side)) }
    /// Detail thumbnails: fitted within `longSide` pixels.
    public static func detail(_ longSide: Int) -> ThumbnailVariant { ThumbnailVariant(.fit(longSide: longSide)) }

    /// `grid-N` or `detail-N`.
    public var name: String {
        switch target {
        case .square(let side): return "grid-\(side)"
        case .fit(let longSide): return "detail-\(longSide)"
        }
    }

    /// The variant named `name` (`grid-N`, `detail-N` with N ≥ 1), or nil.
    public init?(name: String) {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let pixels = Int(parts[1]), pixels >= 1, String(pixels) == parts[1] else { return nil }
        switch parts[0] {
        case "grid": self.init(.square(side: pixels))
        case "detail": self.init(.fit(longSide: pixels))
        default: return nil
        }
    }

    public var description: String { name }
}
