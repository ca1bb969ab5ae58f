/// A laid-out row of a justified layout: its boxes, top and height.
public struct JustifiedRow: Sendable, Hashable {
    /// Indices into `JustifiedResult.boxes`.
    public var boxes: Range<Int>
    /// Top edge (every box of the row has this `y`).
    public var top: Double
    /// Height (every box of the row has this height).
    public var height: Double
    /// Whether the row was opened as a full-width breakout row (lib/index.js `createNewRow`).
    public var isBreakoutRow: Bool
}

/// The row being filled: flickr/justified-layout 4.1.0 lib/row.js `Row`, over a slice of the output boxes.
///
/// The row's items are `boxes[start ..< start + count]`; their sum of aspect ratios is kept as the
/// library's `reduce` computes it (left to right from 0), so no per-row storage is needed.
struct JustifiedRowBuilder {
    let top: Double
    let left: Double
    let width: Double
    let spacing: Double
    let targetRowHeight: Double
    let minAspectRatio: Double
    let maxAspectRatio: Double
    let edgeCaseMinRowHeight: Double
    let edgeCaseMaxRowHeight: Double
    let isBreakoutRow: Bool
    let start: Int
    var count = 0
    var aspectRatioSum = 0.0
    /// 0 until the layout completes (lib/row.js `Row`: "Height remains at 0 until it's been calculated").
    var height = 0.0

    /// A new row at `top`; lib/index.js `createNewRow` and the lib/row.js `Row` constructor.
    init(top: Double, configuration c: JustifiedConfiguration, isBreakoutRow: Bool, start: Int) {
        self.top = top
        left = c.containerPadding.left
        width = c.containerWidth - c.containerPadding.left - c.containerPadding.right
        spacing = c.boxSpacing.horizontal
        targetRowHeight = c.targetRowHeight
        minAspectRatio = width / c.targetRowHeight * (1 - c.targetRowHeightTolerance)
        maxAspectRatio = width / c.targetRowHeight * (1 + c.targetRowHeightTolerance)
        edgeCaseMinRowHeight = 0.5 * c.targetRowHeight
        edgeCaseMaxRowHeight = 2 * c.targetRowHeight
        self.isBreakoutRow = isBreakoutRow
        self.start = start
    }

    /// lib/row.js `Row.isLayoutComplete`: the height is positive (NaN is not).
    var isLayoutComplete: Bool { height > 0 }

    /// Offers the next item; true if the row took it. lib/row.js `Row.addItem`.
    ///
    /// A breakout row's first item, when square or wider, fills the row alone. Otherwise: a row still
    /// too narrow (Σ ratios < min) takes the item and stays open; within [min, max] it takes it and
    /// completes; too wide, an empty row takes it (a panorama), else the row keeps whichever of with /
    /// without the item is nearer its target ratio, `(width − gaps) / targetRowHeight`, and completes.
    mutating func addItem(_ aspectRatio: Double, index: Int, boxes: inout [JustifiedBox]) -> Bool {
        let newRowWidthWithoutSpacing = width - Double(count) * spacing
        let newAspectRatio = aspectRatioSum + aspectRatio
        if isBreakoutRow && count == 0 && aspectRatio >= 1 {
            append(aspectRatio, index: index, newAspectRatio, boxes: &boxes)
            completeLayout(newRowWidthWithoutSpacing / aspectRatio, style: .justify, boxes: &boxes)
            return true
        }
        if newAspectRatio < minAspectRatio {
            append(aspectRatio, index: index, newAspectRatio, boxes: &boxes)
            return true
        }
        if newAspectRatio > maxAspectRatio && count > 0 {
            let previousRowWidthWithoutSpacing = width - Double(count - 1) * spacing
            let targetAspectRatio = newRowWidthWithoutSpacing / targetRowHeight
            let previousTargetAspectRatio = previousRowWidthWithoutSpacing / targetRowHeight
            if abs(newAspectRatio - targetAspectRatio) > abs(aspectRatioSum - previousTargetAspectRatio) {
                completeLayout(previousRowWidthWithoutSpacing / aspectRatioSum, style: .justify, boxes: &boxes)
                return false
            }
        }
        append(aspectRatio, index: index, newAspectRatio, boxes: &boxes)
        completeLayout(newRowWidthWithoutSpacing / newAspectRatio, style: .justify, boxes: &boxes)
        return true
    }

    /// Takes the next item of a row whose items are known (a kept row laid out again: `JustifiedSectionRows`).
    @inline(__always)
    mutating func take(_ aspectRatio: Double, index: Int, boxes: inout [JustifiedBox]) {
        append(aspectRatio, index: index, aspectRatioSum + aspectRatio, boxes: &boxes)
    }

    /// Completes a row that `addItem` completed with the items it holds: at (width − gaps) / Σ ratios, the
    /// height every completing branch of `addItem` computes for the items the row keeps, justified.
    mutating func completeFilled(boxes: inout [JustifiedBox]) {
        completeLayout((width - Double(count - 1) * spacing) / aspectRatioSum, style: .justify, boxes: &boxes)
    }

    @inline(__always)
    private mutating func append(_ aspectRatio: Double, index: Int, _ newSum: Double, boxes: inout [JustifiedBox]) {
        boxes.append(JustifiedBox(index: index, aspectRatio: aspectRatio, frame: .zero))
        count += 1
        aspectRatioSum = newSum
    }

    /// Sets the row's height and its boxes' frames. lib/row.js `Row.completeLayout`.
    ///
    /// The height is clamped to [0.5, 2] × target; when clamped, widths are scaled by
    /// `(w / clamped) / (w / height)` so the row keeps its width. `justify` then spreads the gap
    /// `Σ widths + gaps − width` over the items as `Math.round((i + 1) × gap / n)` steps;
    /// `center` shifts every item by `(width − (left + Σ(w + spacing))) / 2 + spacing`; `left` keeps them.
    mutating func completeLayout(_ newHeight: Double, style: JustifiedWidowLayoutStyle, boxes: inout [JustifiedBox]) {
        let rowWidthWithoutSpacing = width - Double(count - 1) * spacing
        let clampedHeight = JavaScriptMath.max(edgeCaseMinRowHeight, JavaScriptMath.min(newHeight, edgeCaseMaxRowHeight))
        let clampedToNativeRatio: Double
        if newHeight != clampedHeight {
            height = clampedHeight
            clampedToNativeRatio = (rowWidthWithoutSpacing / clampedHeight) / (rowWidthWithoutSpacing / newHeight)
        } else {
            height = newHeight
            clampedToNativeRatio = 1.0
        }
        let (top, height, spacing, start, count) = (top, height, spacing, start, count)
        var itemWidthSum = left
        boxes.withUnsafeMutableBufferPointer { all in
            let items = UnsafeMutableBufferPointer(rebasing: all[start ..< start + count])
            for i in items.indices {
                let itemWidth = items[i].aspectRatio * height * clampedToNativeRatio
                items[i].frame = Rect(x: itemWidthSum, y: top, width: itemWidth, height: height)
                itemWidthSum += itemWidth + spacing
            }
            switch style {
            case .justify:
                itemWidthSum -= (spacing + left)
                let errorWidthPerItem = (itemWidthSum - width) / Double(count)
                if count == 1 {
                    items[0].frame.width -= JavaScriptMath.round(errorWidthPerItem)
                } else {
                    var previous = 0.0
                    for i in items.indices {
                        let rounded = JavaScriptMath.round(Double(i + 1) * errorWidthPerItem)
                        if i > 0 {
                            items[i].frame.x -= previous
                            items[i].frame.width -= (rounded - previous)
                        } else {
                            items[i].frame.width -= rounded
                        }
                        previous = rounded
                    }
                }
            case .center:
                let centerOffset = (width - itemWidthSum) / 2
                for i in items.indices { items[i].frame.x += centerOffset + spacing }
            case .left:
                break
            }
        }
    }

    /// Completes a leftover row at `rowHeight`, or the target height without one. lib/row.js `Row.forceComplete`.
    mutating func forceComplete(rowHeight: Double?, style: JustifiedWidowLayoutStyle, boxes: inout [JustifiedBox]) {
        completeLayout(rowHeight ?? targetRowHeight, style: style, boxes: &boxes)
    }

    /// The laid-out row's summary.
    var row: JustifiedRow {
        JustifiedRow(boxes: start ..< start + count, top: top, height: height, isBreakoutRow: isBreakoutRow)
    }
}
