@testable import GridLayout
import Testing

/// Tables for the individual rules beyond the spec's vectors; every expected value is worked out in the comment.
@Suite("Layout rules")
struct RuleTests {
    struct ColumnCase: Sendable, CustomTestStringConvertible {
        let name: String
        let items: [GridItem]
        let width: Double
        let x: [Double]
        let widths: [Double]
        var testDescription: String { name }
    }

    static let columnCases: [ColumnCase] = [
        // Fixed first, wherever it stands: remaining = 300 − 8 − 8 = 284; fixed 100 → 184 left for 2 → 92 each.
        .init(name: "fixed sized first", items: [GridItem(.flexible), GridItem(.fixed(100)), GridItem(.flexible)],
              width: 300, x: [0, 100, 208], widths: [92, 100, 92]),
        // Flexible capped at 50 passes its leftover on: remaining 292; share 146 → 50; then 242 for the second.
        .init(name: "flexible maximum passes leftover on", items: [GridItem(.flexible(minimum: 10, maximum: 50)), GridItem(.flexible)],
              width: 300, x: [0, 58], widths: [50, 242]),
        // Adaptive capped by maximum 80: share 400 → n = ⌊(400+10)/(100+10)⌋ = 3, w = min((400−20)/3, 80) = 80;
        // used 3·80 + 2·10 = 260, centred: x0 = (400 − 260)/2 = 70.
        .init(name: "adaptive maximum centres the group (our choice)", items: [GridItem(.adaptive(minimum: 100, maximum: 80), spacing: 10)],
              width: 400, x: [70, 160, 250], widths: [80, 80, 80]),
        // Default spacing 8 between adaptive sub-columns: ⌊(300+8)/(90+8)⌋ = 3, w = (300 − 16)/3.
        .init(name: "adaptive default spacing 8", items: [GridItem(.adaptive(minimum: 90))],
              width: 300, x: [0, 284.0 / 3 + 8, 2 * (284.0 / 3 + 8)], widths: [284.0 / 3, 284.0 / 3, 284.0 / 3]),
        // Exact boundary W = 203: (203 + 3)/103 = 2 exactly → 2 columns of 100.
        .init(name: "exact boundary W = 203 gives 2 columns", items: [.photoGrid],
              width: 203, x: [0, 103], widths: [100, 100]),
        // Share below zero: remaining = 100 − 8 = 92, fixed 150 → −58 → adaptive 0 wide, one column.
        .init(name: "negative share gives a zero-wide adaptive column", items: [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))],
              width: 100, x: [0, 158], widths: [150, 0]),
    ]

    @Test("column widths", arguments: columnCases)
    func columns(_ c: ColumnCase) {
        let tracks = GridColumns.tracks(width: c.width, items: c.items)
        #expect(tracks.count == c.widths.count)
        for (t, (x, w)) in zip(tracks, zip(c.x, c.widths)) {
            expectClose(t.x, x)
            expectClose(t.width, w)
        }
    }

    @Test("adaptive count survives absurd inputs")
    func adaptiveCountBounds() {
        #expect(GridColumns.adaptiveCount(groupWidth: 100, minimum: 0, spacing: 0) == 1)
        #expect(GridColumns.adaptiveCount(groupWidth: .infinity, minimum: 10, spacing: 0) == 1)
        #expect(GridColumns.adaptiveCount(groupWidth: .nan, minimum: 10, spacing: 0) == 1)
        #expect(GridColumns.adaptiveCount(groupWidth: 1e12, minimum: 1, spacing: 0) == GridColumns.maximumAdaptiveCount)
    }

    @Test("flexible frame normalises contradictory constraints like _FlexFrameLayout.init")
    func flexibleNormalisation() {
        // min −5 → 0; ideal 20 stays (≥ 0); max 10 → max(ideal 20, 10) = 20.
        let axis = FlexibleFrameLayout.Axis(minimum: -5, ideal: 20, maximum: 10)
        #expect(axis.minimum == 0 && axis.ideal == 20 && axis.maximum == 20)
        // ideal below min is raised to min: min 50, ideal 30 → 50.
        #expect(FlexibleFrameLayout.Axis(minimum: 50, ideal: 30).ideal == 50)
    }

    @Test("flexible frame: SwiftUI 5 proposes nil at placement when the frame was proposed nil and lies strictly inside its bounds")
    func flexiblePlacementProposal() {
        let frame = FlexibleFrameLayout.fillAvailable
        // Proposed (129, nil), child height 3024: width keeps 129 (proposed); height nil and 0 < 3024 < ∞ → nil.
        #expect(frame.placementProposal(ProposedSize(width: 129, height: nil), frameSize: Size(width: 129, height: 3024))
                == ProposedSize(width: 129, height: nil))
        #expect(frame.placementProposal(ProposedSize(width: 129, height: 129), frameSize: Size(width: 129, height: 129))
                == ProposedSize(width: 129, height: 129))
    }

    @Test("leaf views pass 0 and ∞ through")
    func leaves() {
        #expect(LeafSizing.shape(.infinity) == Size(width: .infinity, height: .infinity))
        #expect(LeafSizing.resizableImage(ProposedSize(width: 0, height: .infinity), natural: Size(width: 3, height: 4))
                == Size(width: 0, height: .infinity))
        #expect(LeafSizing.fixedImage(.zero, natural: Size(width: 3, height: 4)) == Size(width: 3, height: 4))
    }

    @Test("aspectRatio outcome table rows of docs/layout-spec.md §2.2 with 0 and ∞")
    func aspectZeroAndInfinity() {
        let r = Size(width: 2, height: 1)
        func cp(_ w: Double?, _ h: Double?, _ mode: ContentMode) -> ProposedSize {
            AspectRatioLayout.childProposal(ProposedSize(width: w, height: h), ratioSize: r, contentMode: mode)
        }
        #expect(cp(0, 100, .fit) == ProposedSize(width: 0, height: 0))           // 0 | finite | fit → (0, 0)
        #expect(cp(0, 100, .fill) == ProposedSize(width: 200, height: 100))      // fill → (H·r, H)
        #expect(cp(0, 0, .fit) == ProposedSize(width: 0, height: 0))
        #expect(cp(0, 0, .fill) == ProposedSize(width: 0, height: 0))
        #expect(cp(.infinity, 100, .fill) == ProposedSize(width: .infinity, height: .infinity))
        #expect(cp(300, .infinity, .fit) == ProposedSize(width: 300, height: 150))
        #expect(cp(.infinity, .infinity, .fit) == ProposedSize(width: .infinity, height: .infinity))
        // One nil dimension with .fill: the objc.io rule (spec decision) derives the other from the ratio.
        #expect(cp(300, nil, .fill) == ProposedSize(width: 300, height: 150))
        #expect(cp(nil, 100, .fill) == ProposedSize(width: 200, height: 100))
    }

    @Test("conditional aspect ratio: disabled passes through, enabled is the aspect rule, degenerate children don't trap")
    func conditionalAspectRatio() {
        let image = LayoutView.resizableImage(natural: Size(width: 100, height: 50))
        let off = image.conditionalAspectRatio(16.0 / 9.0, contentMode: .fill, enabled: false)
        #expect(LayoutEngine.sizeThatFits(off, ProposedSize(width: 320, height: nil)) == Size(width: 320, height: 50))
        // Enabled, 16:9, .fill, (320, nil) → (320, 180) — the S01E398 ScrollView { VStack } case.
        let on = image.conditionalAspectRatio(16.0 / 9.0, contentMode: .fill)
        #expect(LayoutEngine.sizeThatFits(on, ProposedSize(width: 320, height: nil)) == Size(width: 320, height: 180))
        // nil ratio → the child's ideal 100×50 (2:1): .fill in 320×480 → max(320/2, 480/1) = 480 → 960×480.
        let ideal = image.conditionalAspectRatio(contentMode: .fill)
        #expect(LayoutEngine.sizeThatFits(ideal, ProposedSize(width: 320, height: 480)) == Size(width: 960, height: 480))
        #expect(LayoutEngine.sizeThatFits(ideal, .unspecified) == Size(width: 100, height: 50))
        // A child with a zero ideal height: ratio 100:0 → (320, nil) gives height 0, no trap, no NaN.
        let flat = LayoutView.resizableImage(natural: Size(width: 100, height: 0)).conditionalAspectRatio(contentMode: .fit)
        let s = LayoutEngine.sizeThatFits(flat, ProposedSize(width: 320, height: nil))
        #expect(s == Size(width: 320, height: 0))
        let zeroWide = LayoutView.resizableImage(natural: Size(width: 0, height: 10)).conditionalAspectRatio(contentMode: .fill)
        let z = LayoutEngine.sizeThatFits(zeroWide, ProposedSize(width: 320, height: 480))
        #expect(!z.width.isNaN && !z.height.isNaN)
    }

    @Test("ZStack takes the largest child and centres the others; ScrollView proposes (width, nil)")
    func containers() {
        let stack = LayoutView.zStack(.center, [.image(natural: Size(width: 40, height: 10)), .image(natural: Size(width: 20, height: 30))])
        let placed = LayoutEngine.place(stack, proposal: .unspecified)
        #expect(placed.frame.size == Size(width: 40, height: 30))
        #expect(placed.children[0].frame.origin == Point(x: 0, y: 10))   // (30 − 10)/2
        #expect(placed.children[1].frame.origin == Point(x: 10, y: 0))   // (40 − 20)/2
        // ScrollView { Color } proposed 393×759: the colour gets (393, nil) → 393×10; the scroll view is 393×759.
        let scroll = LayoutEngine.place(.scrollView(.shape), proposal: ProposedSize(width: 393, height: 759))
        #expect(scroll.frame.size == Size(width: 393, height: 759))
        #expect(scroll.children[0].proposal == ProposedSize(width: 393, height: nil))
        #expect(scroll.children[0].frame.size == Size(width: 393, height: 10))
        // ScrollView { LazyVGrid } of 10 photo cells at 393: the grid is 393 × 525 (vector 42).
        let cells = Array(repeating: PhotoCellStyle.square.view(imageSize: Size(width: 4032, height: 3024)), count: 10)
        let grid = LayoutEngine.place(.scrollView(.lazyVGrid(.photoGrid, cells)), proposal: ProposedSize(width: 393, height: 759))
        #expect(grid.children[0].frame.size == Size(width: 393, height: 525))
        #expect(grid.children[0].children[9].frame == Rect(x: 0, y: 396, width: 129, height: 129))
    }

    @Test("zoom transition of cell 1 (img P) at width 393 × 759, p = 0, 0.5, 1")
    func transition() {
        // Cell 1 = (132, 0, 129, 129); fill of 3024×4032 in 129² = 129 × 172 at (132, −21.5).
        // Fit in 393×759: 393 × 524 at (0, 117.5) (vector 53).
        let layout = PhotoGridLayout(width: 393, imageSizes: [Size(width: 4032, height: 3024), Size(width: 3024, height: 4032)])
        let g = DetailGeometry(cell: layout.cell(1), imageSize: Size(width: 3024, height: 4032), offset: 0,
                               container: Rect(x: 0, y: 0, width: 393, height: 759))
        #expect(g.source == Rect(x: 132, y: -21.5, width: 129, height: 172))
        let start = g.transition.frame(at: 0)
        #expect(start.image == g.source)
        #expect(start.visible == Rect(x: 132, y: 0, width: 129, height: 129))   // the clipped cell exactly
        let end = g.transition.frame(at: 1)
        #expect(end.image == Rect(x: 0, y: 117.5, width: 393, height: 524))
        #expect(end.visible == end.image)                                      // mask side 524 hides nothing
        // p = 0.5: image (66, 48, 261, 348); mask side 129 + (524 − 129)/2 = 326.5 centred on (196.5, 222)
        // → (33.25, 58.75); visible = (66, 58.75, 261, 326.5).
        let mid = g.transition.frame(at: 0.5)
        #expect(mid.image == Rect(x: 66, y: 48, width: 261, height: 348))
        #expect(mid.mask == Rect(x: 33.25, y: 58.75, width: 326.5, height: 326.5))
        #expect(mid.visible == Rect(x: 66, y: 58.75, width: 261, height: 326.5))
        // Drag (0, 200): scale 0.8; centre (196.5, 379.5 + 160); size 314.4 × 419.2 → (39.3, 329.9).
        expectClose(g.drag.renderedRect(translation: Point(x: 0, y: 200)), Rect(x: 39.3, y: 329.9, width: 314.4, height: 419.2))
    }

    @Test("release: velocity projected on the way to the target, per remaining distance")
    func releaseVelocity() {
        // Detail centre (100, 100), grid centre (100, 0). Dragged to (100, 150) with velocity (0, 500):
        // closes; d = (100, 0) − (100, 250) = (0, −250), |d| = 250; v·d/|d| = −500 → −500/250 = −2.
        let drag = DragToDismiss(detail: Rect(x: 50, y: 50, width: 100, height: 100), centerInGrid: Point(x: 100, y: 0))
        let r = drag.release(translation: Point(x: 0, y: 150), velocity: Point(x: 0, y: 500))
        #expect(r.shouldClose && r.target == Point(x: 100, y: 0) && r.initialVelocity == -2)
        // Released exactly on the target: |d| = 0 → 0 (the original divides by zero).
        let still = drag.release(translation: .zero, velocity: Point(x: 0, y: -1))
        #expect(!still.shouldClose && still.initialVelocity == 0)
        #expect(DragSample.velocity(of: [DragSample(time: 1, translation: .zero)]) == .zero)
        #expect(DragSample.velocity(from: DragSample(time: 1, translation: .zero), to: DragSample(time: 1, translation: Point(x: 5, y: 5))) == .zero)
    }
}

/// The thousandth-of-a-point grid of justified frames rounds each edge half away from zero, as
/// `Double.rounded()` does: the conversion it uses instead is held to that on the cases where a
/// conversion goes wrong (halves, the largest double below a half, negative zeros, 2^52 and beyond).
@Suite("Thousandth grid rounding")
struct ThousandthGridTests {
    static let values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, -0.3,
                                   999_999.4999999999, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 0x1p52, -0x1p52,
                                   0x1p53 + 2, 1e300, -1e-300, .infinity, -.infinity]

    @Test(arguments: values) func roundsAsRoundedDoes(_ value: Double) {
        #expect(Rect.rounded(value).bitPattern == value.rounded().bitPattern, "\(value)")
    }

    /// Edges at −0.0004 pt and 12.3455 pt: x −0 ("-0" in JSON, as before), the right edge 12.346 (half up).
    @Test func aFrameSnapsEachEdge() {
        let snapped = Rect(x: -0.0004, y: 0.0005, width: 12.3459, height: 1).onThousandthGrid
        #expect(snapped.x.bitPattern == (-0.0).bitPattern)
        #expect(snapped.y == 0.001)
        #expect(snapped.width == 12.346)
        #expect(snapped.height == 1)
    }
}
