/// Justified rows: flickr/justified-layout 4.1.0's geometry, box for box.
///
/// Source: flickr/justified-layout 4.1.0 (commit 9d4db49cdbf45604c63a8b25293650af4fe952ab) lib/index.js
/// `computeLayout`, `createNewRow`, `addRow`, and lib/row.js `Row` (`JustifiedRowBuilder`). The
/// arithmetic is the library's, in its order (doubles, `Math.round`), so every box, the container
/// height and the widow count are the library's; `Tests/JustifiedVectors/vectors.json` holds them
/// equal (docs/layout-engine.md, "Justified rows"). O(n) time, two allocations (boxes, rows).
public enum JustifiedLayout {
    /// Lays `aspectRatios` (width / height) out in justified rows. lib/index.js `computeLayout`.
    ///
    /// Items fill a row until it is complete (`JustifiedRowBuilder.addItem`); an item a row rejects
    /// opens the next row. Row tops advance by height + vertical spacing from the top padding. After
    /// `maxNumRows` rows the rest is left out. Leftovers (widows) take the previous row's height (the
    /// target after a breakout row or with no row) unless `showWidows` is false. The container height
    /// is the last row's bottom plus the bottom padding. Throws for a NaN ratio the loop reaches.
    public static func layout(aspectRatios: [Double], configuration: JustifiedConfiguration = .default)
        throws(JustifiedLayoutError) -> JustifiedResult {
        let forced = configuration.effectiveForcedAspectRatio
        let maxNumRows = configuration.maxNumRows ?? .max
        var layout = JustifiedLayoutState(configuration: configuration, capacity: aspectRatios.count)
        var row = layout.newRow()
        var rowIsOpen = false
        items: for i in aspectRatios.indices {
            let aspectRatio = forced ?? aspectRatios[i]
            if aspectRatio.isNaN { throw .invalidAspectRatio(index: i) }
            if !rowIsOpen { row = layout.newRow() }
            rowIsOpen = true
            let added = row.addItem(aspectRatio, index: i, boxes: &layout.boxes)
            if row.isLayoutComplete {
                layout.add(row)
                if layout.rows.count >= maxNumRows { rowIsOpen = false; break items }
                row = layout.newRow()
                if !added {
                    _ = row.addItem(aspectRatio, index: i, boxes: &layout.boxes)
                    if row.isLayoutComplete {
                        layout.add(row)
                        if layout.rows.count >= maxNumRows { rowIsOpen = false; break items }
                        row = layout.newRow()
                    }
                }
            }
        }
        var widowCount = 0
        if rowIsOpen && row.count > 0 {
            if configuration.showWidows {
                let previousHeight = layout.rows.last.map { $0.isBreakoutRow ? configuration.targetRowHeight : $0.height }
                row.forceComplete(rowHeight: previousHeight, style: configuration.widowLayoutStyle, boxes: &layout.boxes)
                layout.add(row)
                widowCount = row.count
            } else {
                layout.boxes.removeSubrange(row.start...)
            }
        }
        var containerHeight = layout.containerHeight - configuration.boxSpacing.vertical
        containerHeight = containerHeight + configuration.containerPadding.bottom
        return JustifiedResult(containerHeight: containerHeight, widowCount: widowCount, boxes: layout.boxes,
                               rows: layout.rows, aspectRatioForced: forced != nil)
    }
}

/// What `computeLayout` keeps between rows: lib/index.js `layoutData` (`_rows`, `_layoutItems`, `_containerHeight`).
struct JustifiedLayoutState {
    let configuration: JustifiedConfiguration
    var boxes: [JustifiedBox] = []
    var rows: [JustifiedRow] = []
    var containerHeight: Double

    init(configuration: JustifiedConfiguration, capacity: Int) {
        self.configuration = configuration
        containerHeight = configuration.containerPadding.top
        boxes.reserveCapacity(capacity)
        rows.reserveCapacity(capacity / 2 + 1)  // rows usually hold 2+ items; pages never written cost nothing
    }

    /// lib/index.js `createNewRow`: at the current container height, a breakout row every Nth row.
    func newRow() -> JustifiedRowBuilder {
        JustifiedRowBuilder(top: containerHeight, configuration: configuration,
                            isBreakoutRow: configuration.opensBreakoutRow(after: rows.count), start: boxes.count)
    }

    /// lib/index.js `addRow`: the container grows by the row's height and the vertical spacing.
    mutating func add(_ row: JustifiedRowBuilder) {
        rows.append(row.row)
        containerHeight += row.height + configuration.boxSpacing.vertical
    }
}

/// One laid-out box (lib/row.js `Row.completeLayout`'s item: `left`, `top`, `width`, `height`).
public struct JustifiedBox: Sendable, Hashable {
    /// Position of the item in the input.
    public var index: Int
    /// The ratio laid out: the input's, or the forced one.
    public var aspectRatio: Double
    /// `x` = left, `y` = top, in the container's coordinates.
    public var frame: Rect

    public init(index: Int, aspectRatio: Double, frame: Rect) {
        self.index = index
        self.aspectRatio = aspectRatio
        self.frame = frame
    }
}

/// A justified layout: lib/index.js `computeLayout`'s `{containerHeight, widowCount, boxes}`, and the rows.
public struct JustifiedResult: Sendable, Hashable {
    /// Top padding + rows and the gaps between them + bottom padding.
    public var containerHeight: Double
    /// Items in the widow row; 0 when there is none or `showWidows` is false (as the library counts).
    public var widowCount: Int
    /// The boxes in input order; items after `maxNumRows` rows and hidden widows have none.
    public var boxes: [JustifiedBox]
    /// The rows, top to bottom; the widow row, when laid out, is last.
    public var rows: [JustifiedRow]
    /// Whether `forceAspectRatio` applied (the library's `forcedAspectRatio: true` on every box).
    public var aspectRatioForced: Bool
}

/// Why a justified layout cannot be made (lib/index.js `computeLayout`'s thrown error).
public enum JustifiedLayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The item at `index` has a NaN aspect ratio ("Item i has an invalid aspect ratio").
    case invalidAspectRatio(index: Int)

    public var description: String {
        switch self {
        case .invalidAspectRatio(let index): "Item \(index) has an invalid aspect ratio"
        }
    }
}
