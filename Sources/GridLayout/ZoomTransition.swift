/// The frames of the grid ↔ detail zoom at transition progress p ∈ [0, 1].
///
/// Source: docs/layout-spec.md §7.2–7.3 (S01E309/S01E314 `DetailView.swift`; SwiftUI interpolates each view's origin and
/// size, S01E482 transcript) [H for the principle, M for the namespace-switch case]. At p = 0 the detail
/// image takes the matched-geometry source frame `R0` (the grid cell's fill rect) under a square mask of
/// side `min(R0.w, R0.h)` — exactly the clipped cell; at p = 1 it has its own fit rect `R1` under a mask of
/// side `max(R1.w, R1.h)` that hides nothing. Insertion runs p from 0 to 1, removal from 1 to 0. A cell
/// that is not square (justified rows) gives its size as `startMask`: the mask then starts as the cell.
public struct ZoomTransition: Sendable, Hashable {
    /// `R0`: the grid image's fill rect (matched-geometry source).
    public var source: Rect
    /// `R1`: the detail image's fit rect.
    public var detail: Rect
    /// The mask's size at p = 0 when the cell is not a square (justified rows); nil: the square `min(R0)`.
    public var startMask: Size?

    public init(source: Rect, detail: Rect, startMask: Size? = nil) {
        self.source = source
        self.detail = detail
        self.startMask = startMask
    }

    /// What is drawn at progress `p`.
    public struct Frame: Sendable, Hashable {
        /// `R(p) = R0 + (R1 − R0)·p`, component-wise.
        public var image: Rect
        /// A square of side `min(R0) + (max(R1) − min(R0))·p`, centred on `R(p)` (from `startMask`, each
        /// side on its own, when given).
        public var mask: Rect
        /// `R(p) ∩ mask`: the part of the image that is visible.
        public var visible: Rect
    }

    /// The frame at progress `p` (not clamped: springs may overshoot).
    public func frame(at p: Double) -> Frame {
        let image = Rect(x: source.x + (detail.x - source.x) * p,
                         y: source.y + (detail.y - source.y) * p,
                         width: source.width + (detail.width - source.width) * p,
                         height: source.height + (detail.height - source.height) * p)
        let startSide = min(source.width, source.height)
        let endSide = max(detail.width, detail.height)
        let start = startMask ?? Size(width: startSide, height: startSide)
        let size = Size(width: start.width + (endSide - start.width) * p, height: start.height + (endSide - start.height) * p)
        let mask = Rect(center: image.center, size: size)
        return Frame(image: image, mask: mask, visible: image.intersection(mask))
    }
}
