/// Closed-form rows of a grid of square cells: no per-cell work, O(1) per row or cell.
///
/// A square cell (`aspectRatio(1, .fit)` outermost) proposed `(w, nil)` is `w × w` (docs/layout-spec.md §4.2), so a
/// full row is as tall as the widest track, the last (partial) row as its widest used track, and
/// `y_r = r × (rowHeight + rowSpacing)` (docs/layout-spec.md §5.5 for the photo grid's single adaptive item).
public struct SquareCellRows: Sendable, Hashable {
    public let count: Int
    public let columnCount: Int
    public let rowSpacing: Double
    /// Height of every full row: the widest track.
    public let fullRowHeight: Double
    /// Height of the last row: the widest of the tracks it uses.
    public let lastRowHeight: Double

    public init(count: Int, tracks: [GridTrack], rowSpacing: Double) {
        self.count = max(count, 0)
        self.columnCount = tracks.count
        self.rowSpacing = rowSpacing
        fullRowHeight = tracks.reduce(0) { max($0, $1.width) }
        let lastCount = tracks.isEmpty || count <= 0 ? 0 : (count - 1) % tracks.count + 1
        lastRowHeight = tracks.prefix(lastCount).reduce(0) { max($0, $1.width) }
    }

    /// Number of rows: ⌈count / columns⌉.
    public var rowCount: Int { columnCount == 0 ? 0 : (count + columnCount - 1) / columnCount }

    /// Distance between the tops of consecutive rows.
    public var pitch: Double { fullRowHeight + rowSpacing }

    public func origin(ofRow r: Int) -> Double { Double(r) * pitch }

    public func height(ofRow r: Int) -> Double { r == rowCount - 1 ? lastRowHeight : fullRowHeight }

    /// `R·h + (R − 1)·spacing` with the last row's own height; 0 without rows.
    public var contentHeight: Double {
        let rows = rowCount
        guard rows > 0 else { return 0 }
        return origin(ofRow: rows - 1) + lastRowHeight
    }

    /// Rows whose band intersects `[top, top + height)`: `y_r < top + height` and `y_r + h_r > top`.
    public func rows(intersecting top: Double, height: Double) -> Range<Int> {
        let rows = rowCount
        guard rows > 0, height > 0, top.isFinite, height.isFinite else { return 0..<0 }
        func intersectsFromAbove(_ r: Int) -> Bool { origin(ofRow: r) + self.height(ofRow: r) > top }
        // Estimate the first row from the pitch, then correct for rounding (at most a step or two).
        var first = 0
        if pitch > 0 {
            let estimate = ((top - fullRowHeight) / pitch).rounded(.down) + 1
            first = estimate <= 0 ? 0 : (estimate >= Double(rows) ? rows : Int(estimate))
        }
        while first > 0 && intersectsFromAbove(first - 1) { first -= 1 }
        while first < rows && !intersectsFromAbove(first) { first += 1 }
        var end = first
        let bottom = top + height
        if pitch > 0 {
            let estimate = ((bottom / pitch).rounded(.up))
            end = estimate <= Double(first) ? first : (estimate >= Double(rows) ? rows : Int(estimate))
            while end > first && origin(ofRow: end - 1) >= bottom { end -= 1 }
        }
        while end < rows && origin(ofRow: end) < bottom { end += 1 }
        return first..<end
    }
}
