/// Where a child sits inside a larger (or smaller) frame, per axis.
public struct Alignment: Sendable, Hashable {
    /// Horizontal guide: 0 = leading, 0.5 = centre, 1 = trailing.
    public var horizontal: Double
    /// Vertical guide: 0 = top, 0.5 = centre, 1 = bottom.
    public var vertical: Double

    public init(horizontal: Double, vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
    public static let topLeading = Alignment(horizontal: 0, vertical: 0)
    public static let top = Alignment(horizontal: 0.5, vertical: 0)
    public static let topTrailing = Alignment(horizontal: 1, vertical: 0)
    public static let leading = Alignment(horizontal: 0, vertical: 0.5)
    public static let trailing = Alignment(horizontal: 1, vertical: 0.5)
    public static let bottomLeading = Alignment(horizontal: 0, vertical: 1)
    public static let bottom = Alignment(horizontal: 0.5, vertical: 1)
    public static let bottomTrailing = Alignment(horizontal: 1, vertical: 1)

    /// The child's origin relative to the container's origin: `alignPoint(container) − alignPoint(child)`.
    ///
    /// Source: OpenSwiftUI `FrameLayoutCommon.commonPlacement` (docs/layout-spec.md §3.1); for `.center` this is
    /// `(container − child) / 2`.
    public func childOrigin(container: Size, child: Size) -> Point {
        Point(x: container.width * horizontal - child.width * horizontal,
              y: container.height * vertical - child.height * vertical)
    }
}
