/// Opening grid cell i in the detail view: cell, matched-geometry source, fit rect, transition and drag.
///
/// All rects are in the coordinate space of `container` — the grid's viewport, which is also the detail's
/// container (docs/layout-spec.md §7.1: the detail is an overlay/ZStack sibling of the grid, same frame). Pass
/// `Rect(x: 0, y: 0, width: W, height: H)` for viewport coordinates (what the CLI exports), or the window
/// position of the viewport for global coordinates (docs/layout-spec.md's vectors put it at (0, 100)).
public struct DetailGeometry: Sendable, Hashable {
    /// The cell's frame.
    public var cell: Rect
    /// The cell image's fill rect: the matched-geometry source (`R0`).
    public var source: Rect
    /// The detail image's fit rect (`R1`).
    public var detail: Rect
    /// Whether the cell is not a square (justified rows): the transition's mask starts as the cell.
    public var cellShapedMask = false

    /// Geometry for cell `cellGeometry` of a grid scrolled to `offset`, shown in `container`.
    public init(cell cellGeometry: CellGeometry, imageSize: Size, offset: Double, container: Rect, cellShapedMask: Bool = false) {
        let shift = Point(x: container.x, y: container.y - offset)
        cell = cellGeometry.frame.offsetBy(shift)
        source = cellGeometry.imageFrame.offsetBy(shift)
        detail = FitRect.fit(imageSize, in: container)
        self.cellShapedMask = cellShapedMask
    }

    /// The zoom between the source and the detail frame.
    public var transition: ZoomTransition { ZoomTransition(source: source, detail: detail, startMask: cellShapedMask ? cell.size : nil) }

    /// Drag-to-dismiss, closing towards the cell's centre.
    public var drag: DragToDismiss { DragToDismiss(detail: detail, centerInGrid: cell.center) }
}
