/// The `LazyVGrid` column-width algorithm: fixed items first, then shares in order, then adaptive counts.
///
/// Source: objc.io blog "SwiftUI's Grid Views" (2020-11-23, quizzes measured on iOS 14) and its
/// re-implementation `objcio/S01E238` `Grid.swift` `layoutColumns`; SwiftUI Field Guide "LazyVGrid";
/// Apple `GridItem.Size` ("the size of the grid with spacing and inflexible items removed, divided by
/// the number of flexible items, clamped to the provided bounds"). docs/layout-spec.md §5.2 [H; M for adaptive+maximum].
///
/// Project decisions (spec header): the adaptive count uses a tolerance of 1e-9 at exact boundaries;
/// an adaptive group whose `maximum` is below its share is centred in its share.
public enum GridColumns {
    /// Tolerance added before flooring the adaptive count, so exact boundaries (W = 203 → 2) are stable.
    public static let countTolerance = 1e-9
    /// Upper bound on the columns one adaptive item may produce (keeps absurd inputs finite and small).
    public static let maximumAdaptiveCount = 10_000

    /// The tracks for a grid proposed `width`.
    ///
    /// 1. `remaining = W − Σ gaps` (the spacing after every item but the last).
    /// 2. Fixed items take their size, in order; then every other item, in order, is offered
    ///    `remaining / itemsLeft`: flexible → clamped to its bounds; adaptive → the share itself
    ///    (not clamped to its minimum; negative → 0).
    /// 3. An adaptive item of width G expands into `n = max(1, ⌊(G + s)/(min + s) + ε⌋)` tracks of
    ///    `min((G − (n − 1)s)/n, max)` separated by its own spacing `s`.
    public static func tracks(width: Double, items: [GridItem], defaultSpacing: Double = GridItem.defaultSpacing) -> [GridTrack] {
        guard !items.isEmpty else { return [] }
        let gaps = items.map { $0.spacing ?? defaultSpacing }
        let groupWidth = groupWidths(width: width, items: items, gaps: gaps)
        var result: [GridTrack] = []
        var x = 0.0
        for (i, item) in items.enumerated() {
            let alignment = item.alignment ?? .center
            let g = groupWidth[i]
            if case let .adaptive(mn, mx) = item.size {
                let s = gaps[i]
                let n = adaptiveCount(groupWidth: g, minimum: mn, spacing: s)
                let w = min((g - Double(n - 1) * s) / Double(n), mx)
                // Our choice when `maximum` caps the columns: centre the group in its share.
                let used = Double(n) * w + Double(n - 1) * s
                var tx = x + (used < g ? (g - used) / 2 : 0)
                for _ in 0..<n {
                    result.append(GridTrack(x: tx, width: w, alignment: alignment, item: i))
                    tx += w + s
                }
            } else {
                result.append(GridTrack(x: x, width: g, alignment: alignment, item: i))
            }
            x += g + gaps[i]
        }
        return result
    }

    /// How many tracks `tracks(width:items:)` makes, counted without making them (a server refuses a
    /// grid of too many columns before it costs their memory).
    public static func trackCount(width: Double, items: [GridItem], defaultSpacing: Double = GridItem.defaultSpacing) -> Int {
        guard !items.isEmpty else { return 0 }
        let gaps = items.map { $0.spacing ?? defaultSpacing }
        let groupWidth = groupWidths(width: width, items: items, gaps: gaps)
        var count = 0
        for (i, item) in items.enumerated() {
            if case let .adaptive(mn, _) = item.size {
                count += adaptiveCount(groupWidth: groupWidth[i], minimum: mn, spacing: gaps[i])
            } else {
                count += 1
            }
        }
        return count
    }

    /// Steps 1 and 2 of `tracks(width:items:)`: the width each item's group is given.
    private static func groupWidths(width: Double, items: [GridItem], gaps: [Double]) -> [Double] {
        var remaining = width - gaps.dropLast().reduce(0, +)
        var groupWidth = [Double](repeating: 0, count: items.count)
        let order = items.indices.filter { items[$0].size.isFixed } + items.indices.filter { !items[$0].size.isFixed }
        var left = items.count
        for i in order {
            let share = remaining / Double(left)
            switch items[i].size {
            case let .fixed(f):
                groupWidth[i] = f
            case let .flexible(mn, mx):
                groupWidth[i] = min(max(share, mn), mx)
            case .adaptive:
                groupWidth[i] = max(share, 0)
            }
            remaining -= groupWidth[i]
            left -= 1
        }
        return groupWidth
    }

    /// `max(1, ⌊(G + s)/(min + s) + 1e-9⌋)`: the largest n with `n·min + (n − 1)·s ≤ G`, at least one,
    /// at most `maximumAdaptiveCount`. A non-positive `min + s` or a non-finite quotient gives 1.
    public static func adaptiveCount(groupWidth g: Double, minimum: Double, spacing s: Double) -> Int {
        let unit = minimum + s
        guard unit > 0 else { return 1 }
        let q = ((g + s) / unit + countTolerance).rounded(.down)
        guard q.isFinite, q >= 1 else { return 1 }
        return q >= Double(maximumAdaptiveCount) ? maximumAdaptiveCount : Int(q)
    }

    /// The width the grid reports: `max(W, Σ tracks + Σ gaps)` (objc.io re-implementation, docs/layout-spec.md §5.3 [M]).
    public static func reportedWidth(proposed width: Double, tracks: [GridTrack]) -> Double {
        guard let last = tracks.last else { return max(width, 0) }
        return max(width, last.x + last.width)
    }
}

extension GridItem.Size {
    var isFixed: Bool {
        if case .fixed = self { return true }
        return false
    }
}
