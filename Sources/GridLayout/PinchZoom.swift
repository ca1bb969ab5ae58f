/// A grid of square cells as pinch zoom sees it: cells in grid order, their frames, their rows.
public protocol ZoomableGrid {
    /// Number of cells.
    var count: Int { get }
    /// Content height of the grid.
    var contentHeight: Double { get }
    /// The frame of cell `index`, content coordinates.
    func frame(_ index: Int) -> Rect
    /// The cells of `index`'s row (in its section, for a sectioned grid).
    func rowMates(of index: Int) -> Range<Int>
}

extension PhotoGridLayout: ZoomableGrid {
    public func rowMates(of index: Int) -> Range<Int> {
        let n = tracks.count, start = index / n * n
        return start..<min(count, start + n)
    }
}

extension SectionedPhotoGrid: ZoomableGrid {
    public func rowMates(of index: Int) -> Range<Int> {
        let j = section(containing: index), first = firstIndex(ofSection: j), n = tracks.count
        let start = first + (index - first) / n * n
        return start..<min(firstIndex(ofSection: j) + sectionCounts[j], start + n)
    }
}

/// Pinch zoom between two column sets of the same width, keeping the photo under the fingers under
/// the fingers (docs/layout-spec.md §10.3).
public enum PinchZoom {
    /// What a pinch answers: the anchor photo, where the point lies in it, and the new offset.
    public struct Result: Sendable, Hashable {
        /// Grid position of the anchor photo.
        public var anchor: Int
        /// r: the pinch point's height in the anchor's frame in layout A, as a fraction (0…1).
        public var fraction: Double
        /// o′: the offset of layout B that puts the anchor's same point at the pinch point, clamped
        /// to the scroll range.
        public var offset: Double
    }

    /// The anchor of layout `grid` under content point `point`: the cell whose frame contains it; in a
    /// gap or on a header, the first cell in grid order whose frame's maxY lies below the point, taking
    /// in that cell's row the cell whose centre x is nearest; past the last row, the last cell.
    /// Frames' maxY do not decrease in grid order, so the first cell is found by binary search.
    public static func anchor(in grid: some ZoomableGrid, at point: Point) -> Int? {
        guard grid.count > 0 else { return nil }
        var lo = 0, hi = grid.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if grid.frame(mid).maxY > point.y { hi = mid } else { lo = mid + 1 }
        }
        guard lo < grid.count else { return grid.count - 1 }
        let row = grid.rowMates(of: lo)
        if let containing = row.first(where: { i in
            let f = grid.frame(i)
            return f.minX <= point.x && point.x < f.maxX && f.minY <= point.y && point.y < f.maxY
        }) { return containing }
        return row.min { abs(grid.frame($0).midX - point.x) < abs(grid.frame($1).midX - point.x) }
    }

    /// The pinch from layout `from` to layout `to` at viewport point `point` (x, y from the viewport's
    /// top), with the viewport `height` tall at content offset `offset` in `from`:
    /// r = clamp(((Y + o) − A.minY) / A.height, 0, 1), o′ = clamp(B.minY + r·B.height − Y, 0,
    /// max(0, contentHeight_B − H)). Nil when the grid is empty.
    public static func zoom(from: some ZoomableGrid, to: some ZoomableGrid, viewportHeight height: Double,
                            offset: Double, at point: Point) -> Result? {
        let content = Point(x: point.x, y: point.y + offset)
        guard let anchor = anchor(in: from, at: content), anchor < to.count else { return nil }
        let a = from.frame(anchor), b = to.frame(anchor)
        let fraction = a.height > 0 ? min(max((content.y - a.minY) / a.height, 0), 1) : 0
        let target = b.minY + fraction * b.height - point.y
        let newOffset = min(max(target, 0), max(0, to.contentHeight - height))
        return Result(anchor: anchor, fraction: fraction, offset: newOffset)
    }
}
