/// `LazyVGrid(columns:spacing:)`: columns from the `GridItem`s alone, rows as tall as their tallest cell.
///
/// Source: Apple `LazyVGrid` overview (rows fill leading→trailing, top→bottom; the last row is partial and
/// left-aligned); objc.io `S01E238` `Grid.swift` (`lineHeight = max(…)`, cells proposed `(trackWidth, nil)`,
/// re-proposed `(trackWidth, rowHeight)` at placement [M]); SwiftUI Field Guide "LazyVGrid" (column
/// widths computed without consulting subviews). docs/layout-spec.md §5.3 and §6 [H].
public struct LazyVGridLayout: Sendable, Hashable {
    public var columns: [GridItem]
    /// The gap between rows; `nil` → 8 (the project's decision, spec header).
    public var spacing: Double?

    public init(columns: [GridItem], spacing: Double? = nil) {
        self.columns = columns
        self.spacing = spacing
    }

    /// The photo grid of S01E309: one adaptive item (minimum 100, spacing 3), row spacing 3.
    public static let photoGrid = LazyVGridLayout(columns: [.photoGrid], spacing: 3)

    /// The row gap in effect.
    public var rowSpacing: Double { spacing ?? GridItem.defaultSpacing }

    /// The width the columns are computed for: a finite, non-negative proposal as given; otherwise
    /// (`nil`, ∞, negative) the grid's ideal width — fixed sizes and minimums plus gaps (our choice:
    /// the photo grid is always proposed a finite width by its scroll view).
    public func resolvedWidth(_ proposed: Double?) -> Double {
        if let proposed, proposed.isFinite, proposed >= 0 { return proposed }
        var total = columns.dropLast().reduce(0) { $0 + ($1.spacing ?? GridItem.defaultSpacing) }
        for item in columns {
            switch item.size {
            case let .fixed(f): total += f
            case let .flexible(mn, _): total += max(mn, 0)
            case let .adaptive(mn, _): total += max(mn, 0)
            }
        }
        return total
    }

    /// How many column tracks `tracks(proposedWidth:)` makes, counted without making them.
    public func trackCount(proposedWidth: Double?) -> Int {
        GridColumns.trackCount(width: resolvedWidth(proposedWidth), items: columns)
    }

    /// The column tracks for a proposed width.
    public func tracks(proposedWidth: Double?) -> [GridTrack] {
        GridColumns.tracks(width: resolvedWidth(proposedWidth), items: columns)
    }

    /// Row heights and origins for `count` cells in `columnCount` columns; `cellHeight(i)` is cell i's
    /// height when proposed `(its track width, nil)`.
    public func rows(count: Int, columnCount: Int, cellHeight: (Int) -> Double) -> GridRows {
        guard count > 0, columnCount > 0 else { return GridRows(origins: [], heights: [], contentHeight: 0) }
        let rowCount = (count + columnCount - 1) / columnCount
        var origins: [Double] = [], heights: [Double] = []
        origins.reserveCapacity(rowCount)
        heights.reserveCapacity(rowCount)
        var y = 0.0
        for r in 0..<rowCount {
            var h = 0.0
            for i in (r * columnCount)..<min(count, (r + 1) * columnCount) { h = max(h, cellHeight(i)) }
            origins.append(y)
            heights.append(h)
            y += h + rowSpacing
        }
        return GridRows(origins: origins, heights: heights, contentHeight: y - rowSpacing)
    }
}

/// The rows of a laid-out grid: origin and height of each row, and the content height
/// `Σ heights + (rows − 1) × rowSpacing` (0 without rows).
public struct GridRows: Sendable, Hashable {
    public var origins: [Double]
    public var heights: [Double]
    public var contentHeight: Double

    public var count: Int { heights.count }

    /// Rows `r` whose band `[y_r, y_r + h_r)` intersects `[top, top + height)`: `y_r < top + height`
    /// and `y_r + h_r > top` (docs/layout-spec.md §6), found by binary search over the (increasing) origins.
    public func rows(intersecting top: Double, height: Double) -> Range<Int> {
        let bottom = top + height
        guard !origins.isEmpty, height > 0 else { return 0..<0 }
        // First row whose bottom edge lies below `top`.
        var lo = 0, hi = origins.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if origins[mid] + heights[mid] > top { hi = mid } else { lo = mid + 1 }
        }
        var end = lo
        while end < origins.count, origins[end] < bottom { end += 1 }
        return lo..<end
    }
}
