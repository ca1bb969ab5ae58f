/// Drag-to-dismiss of the detail view: scale, grid opacity, rendered rect, and the release decision.
///
/// Source: `objcio/S01E314-building-a-photo-grid-refactoring` `Shared/DetailView.swift`,
/// `Shared/DragState.swift`, `Shared/ContentView.swift` (identical in S01E313); docs/layout-spec.md §7.4 [H for the
/// formulas; M for the rendered rect, derived from the modifier order].
public struct DragToDismiss: Sendable, Hashable {
    /// The detail image's fit rect (its layout frame; `.offset` moves drawing, not layout).
    public var detail: Rect
    /// Centre of the selected grid cell (= centre of its fill rect): where a closing photo flies to.
    public var centerInGrid: Point

    public init(detail: Rect, centerInGrid: Point) {
        self.detail = detail
        self.centerInGrid = centerInGrid
    }

    /// `detailCenter`: centre of the un-offset fit rect.
    public var detailCenter: Point { detail.center }

    /// `translation.height > 0 ? 1 − translation.height / 1000 : 1` (no clamp).
    public static func scale(translation: Point) -> Double {
        translation.y > 0 ? 1 - translation.y / 1000 : 1
    }

    /// `(1 − dragScale) · 1.3` while a detail is shown (S01E313/S01E314 `gridOpacity`; unclamped, a
    /// renderer clamps values above 1). Computed as `translation.height / 1000 · 1.3` (the same value
    /// without the rounding of `1 − (1 − t/1000)`).
    public static func gridOpacity(translation: Point) -> Double {
        translation.y > 0 ? translation.y / 1000 * 1.3 : 0
    }

    /// Where the photo is drawn: `.offset(t)` then `.scaleEffect(s)` about the fit rect's centre C:
    /// centre `C + s·t`, size `s × fit size`.
    public func renderedRect(translation: Point) -> Rect {
        let s = DragToDismiss.scale(translation: translation)
        let c = detailCenter
        return Rect(center: Point(x: c.x + s * translation.x, y: c.y + s * translation.y),
                    size: Size(width: detail.width * s, height: detail.height * s))
    }

    /// What happens when the finger lifts.
    public struct Release: Sendable, Hashable {
        /// `velocity.height > 0`: any downward motion closes; there is no distance threshold.
        public var shouldClose: Bool
        /// `centerInGrid` when closing, else `detailCenter` (the photo springs back).
        public var target: Point
        /// `(v · d/|d|) / |d|` with `d = target − (detailCenter + translation)`: the release velocity
        /// projected on the way to the target, in units of the remaining distance per second. The
        /// original divides by zero when `|d| = 0`; here that case gives 0.
        public var initialVelocity: Double
    }

    /// The release decision for the last `translation` and `velocity` (pt/s).
    public func release(translation: Point, velocity: Point) -> Release {
        let shouldClose = velocity.y > 0
        let target = shouldClose ? centerInGrid : detailCenter
        let current = detailCenter + translation
        let d = target - current
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        let initial = length > 0 ? (velocity.x * d.x / length + velocity.y * d.y / length) / length : 0
        return Release(shouldClose: shouldClose, target: target, initialVelocity: initial)
    }
}
