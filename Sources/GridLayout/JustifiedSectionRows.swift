/// One section's justified rows kept for windows: where each row starts, its top and height — not its
/// boxes, which `boxes(rows:)` places again from the row's own photos (its breaks are kept, its top is the
/// sum the whole layout made, its height the one `addItem` computed from those photos: the boxes are the
/// whole layout's, bit for bit). About 20 bytes a row instead of 48 a photo. A class: a window reads a
/// section through one reference, not seven arrays counted each time.
final class JustifiedSectionRows: Sendable {
    /// Each row's first photo, from the section's first.
    let starts: [Int32]
    /// Each row's top in the section's container (its top padding included), as `JustifiedLayout` summed it.
    let tops: [Double]
    let heights: [Double]
    /// The section's photos, with a box or not.
    let count: Int
    /// The photos with a box: a prefix of the section (those after `maxNumRows` rows and hidden widows have none).
    let boxedCount: Int
    /// Whether the last row is the widow row (laid out at the previous row's height).
    let endsWithWidows: Bool
    /// The container's height (`JustifiedResult.containerHeight`).
    let containerHeight: Double
    /// The top and bottom of every `blockSize`-th row: `rows(intersecting:)` searches these first, then one
    /// block (a million-photo section's rows span megabytes, and each probe there is a cache miss).
    let blockTops: [Double], blockBottoms: [Double]
    static let blockSize = 64

    /// Rows kept earlier (`JustifiedPhotoGrid.keptRows`), as they were.
    init(count: Int, starts: [Int32], tops: [Double], heights: [Double], boxedCount: Int, endsWithWidows: Bool, containerHeight: Double) {
        self.count = count
        self.starts = starts
        self.tops = tops
        self.heights = heights
        self.boxedCount = boxedCount
        self.endsWithWidows = endsWithWidows
        self.containerHeight = containerHeight
        (blockTops, blockBottoms) = Self.blocks(tops, heights)
    }

    /// The rows of `aspectRatios` laid out with `configuration` (the whole section once).
    convenience init(aspectRatios: ArraySlice<Double>, configuration: JustifiedConfiguration) {
        let result = Self.layout(Array(aspectRatios), configuration)
        self.init(count: aspectRatios.count, starts: result.rows.map { Int32(truncatingIfNeeded: $0.boxes.lowerBound) },
                  tops: result.rows.map(\.top), heights: result.rows.map(\.height), boxedCount: result.boxes.count,
                  endsWithWidows: result.widowCount > 0, containerHeight: result.containerHeight)
    }

    /// Every `blockSize`-th row's top and bottom.
    static func blocks(_ tops: [Double], _ heights: [Double]) -> ([Double], [Double]) {
        let rows = stride(from: 0, to: tops.count, by: blockSize)
        return (rows.map { tops[$0] }, rows.map { tops[$0] + heights[$0] })
    }

    /// `JustifiedLayout.layout`; ratios are finite and positive (`JustifiedPhotoGrid.aspectRatio`), so it cannot throw.
    static func layout(_ ratios: [Double], _ configuration: JustifiedConfiguration) -> JustifiedResult {
        do { return try JustifiedLayout.layout(aspectRatios: ratios, configuration: configuration) } catch {
            preconditionFailure("a justified grid's ratios are never NaN: \(error)")
        }
    }

    var rowCount: Int { starts.count }

    /// The photos of row `r`, from the section's first.
    func items(ofRow r: Int) -> Range<Int> {
        Int(starts[r])..<(r + 1 < starts.count ? Int(starts[r + 1]) : boxedCount)
    }

    /// The row holding photo `k` (`k < boxedCount`): binary search.
    func row(containing k: Int) -> Int {
        MonotoneSearch.first(in: 1..<starts.count) { Int(starts[$0]) > k } - 1
    }

    /// The rows meeting `[top, bottom)` in the container's coordinates: binary searches (tops and bottoms
    /// both grow row by row).
    func rows(intersecting top: Double, _ bottom: Double) -> Range<Int> {
        let first = firstRow(from: 0, block: { blockBottoms[$0] > top }) { tops[$0] + heights[$0] > top }
        return first..<firstRow(from: first, block: { blockTops[$0] >= bottom }) { tops[$0] >= bottom }
    }

    /// The first row from `from` where `isPast` holds (`rowCount` when none does; it turns true once), found
    /// among the block starts first (`block(b)`: `isPast` of row b·blockSize), then within one block.
    @inline(__always)
    private func firstRow(from: Int, block: (Int) -> Bool, isPast: (Int) -> Bool) -> Int {
        let size = Self.blockSize
        let b = MonotoneSearch.first(in: (from / size)..<blockTops.count, where: block)
        let lower = max(from, (b - 1) * size)
        return MonotoneSearch.first(in: lower..<max(lower, b < blockTops.count ? b * size : rowCount), where: isPast)
    }

    /// The photos (from the section's first) of `rows`: the ratios `boxes(rows:…)` reads.
    func photos(ofRows rows: Range<Int>) -> Range<Int> {
        rows.isEmpty ? 0..<0 : items(ofRow: rows.lowerBound).lowerBound..<items(ofRow: rows.upperBound - 1).upperBound
    }

    /// The boxes of rows `rows` (frames in the container's coordinates moved down by `dy`, `index` from
    /// the section's first photo plus `firstIndex`), each row laid out again from its kept start, top and
    /// place: its photos' ratios summed in order give the height `addItem` completed it at (a widow row
    /// takes the previous row's, as `JustifiedLayout` gives it), then `completeLayout` places its boxes,
    /// the same arithmetic as the whole layout's. `ratios` gives the ratios of a range of the section's photos.
    func boxes(rows: Range<Int>, configuration: JustifiedConfiguration, firstIndex: Int, dy: Double,
               ratios: (Range<Int>) -> [Double]) -> [JustifiedBox] {
        guard !rows.isEmpty else { return [] }
        let photos = photos(ofRows: rows)
        let read = ratios(photos)
        let forced = configuration.effectiveForcedAspectRatio
        var boxes: [JustifiedBox] = []
        boxes.reserveCapacity(photos.count)
        for r in rows {
            var row = JustifiedRowBuilder(top: tops[r], configuration: configuration,
                                          isBreakoutRow: configuration.opensBreakoutRow(after: r), start: boxes.count)
            for k in items(ofRow: r) { row.take(forced ?? read[k - photos.lowerBound], index: k, boxes: &boxes) }
            if endsWithWidows && r == rowCount - 1 {
                let previousHeight = r == 0 ? nil : configuration.opensBreakoutRow(after: r - 1) ? configuration.targetRowHeight : heights[r - 1]
                row.forceComplete(rowHeight: previousHeight, style: configuration.widowLayoutStyle, boxes: &boxes)
            } else {
                row.completeFilled(boxes: &boxes)
            }
        }
        for k in boxes.indices {
            boxes[k].index += firstIndex
            boxes[k].frame.y = dy + boxes[k].frame.y
        }
        return boxes
    }
}
