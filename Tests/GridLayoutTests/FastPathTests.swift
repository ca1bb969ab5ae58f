@testable import GridLayout
import TestSupport
import Testing

/// The closed-form square-cell grid must equal the general engine evaluating the SwiftUI cell tree.
@Suite("Square-cell fast path = layout engine")
struct FastPathTests {
    /// |a − b| ≤ 1e-9 relative: the engine accumulates row origins (y += h + s), the fast path
    /// multiplies (r × pitch), so they may differ in the last bits.
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
    func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    @Test("1,200 random (width, image sizes, count, columns) cases")
    func randomCases() {
        var rng = SplitMix64(seed: 0x5EED_0F_6121D)
        var mismatches: [String] = []
        for case_ in 0..<1200 {
            let width = Double.random(in: 40...2400, using: &rng).rounded(.down) + [0, 0.25, 0.5, 1.0 / 3][case_ % 4]
            let count = Int.random(in: 0...150, using: &rng)
            let sizes = (0..<count).map { _ in
                Size(width: Double(Int.random(in: 1...8000, using: &rng)), height: Double(Int.random(in: 1...8000, using: &rng)))
            }
            // Mostly the photo grid; every fourth case a mixed column set (fixed + flexible + adaptive).
            let grid: LazyVGridLayout = case_ % 4 == 3
                ? LazyVGridLayout(columns: [GridItem(.fixed(Double.random(in: 20...120, using: &rng)), spacing: 5),
                                            GridItem(.flexible(minimum: 30, maximum: 200), spacing: 2, alignment: .top),
                                            GridItem(.adaptive(minimum: Double.random(in: 40...150, using: &rng)), spacing: 4)],
                                  spacing: Double.random(in: 0...10, using: &rng))
                : .photoGrid
            let fast = PhotoGridLayout(width: width, grid: grid, imageSizes: sizes)
            let engine = PhotoGridLayout(width: width, grid: grid, imageSizes: sizes, evaluatedByEngine: true)
            guard fast.rowCount == engine.rowCount, close(fast.contentHeight, engine.contentHeight) else {
                mismatches.append("case \(case_): rows \(fast.rowCount)/\(engine.rowCount), height \(fast.contentHeight)/\(engine.contentHeight)")
                continue
            }
            for i in 0..<fast.count {
                let a = fast.cell(i), b = engine.cell(i)
                if !(close(a.frame, b.frame) && close(a.imageFrame, b.imageFrame) && close(a.crop, b.crop)
                     && a.clip.map({ c in b.clip.map { close(c, $0) } ?? false }) ?? (b.clip == nil)) {
                    mismatches.append("case \(case_) W=\(width) cell \(i): \(a) vs \(b)")
                    break
                }
            }
            let offset = Double.random(in: -100...max(0, fast.contentHeight), using: &rng)
            let height = Double.random(in: 1...900, using: &rng)
            if fast.visibleCells(offset: offset, height: height) != engine.visibleCells(offset: offset, height: height) {
                mismatches.append("case \(case_): visible cells differ at offset \(offset)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("a million photos cost nothing until asked")
    func millionPhotos() {
        let layout = PhotoGridLayout(width: 393, imageSizes: Array(repeating: Size(width: 4032, height: 3024), count: 1_000_000))
        // n = 3, s = 129, rows = ⌈1,000,000 / 3⌉ = 333,334; height = 333,334 × 129 + 333,333 × 3.
        #expect(layout.rowCount == 333_334)
        #expect(layout.contentHeight == 333_334 * 129 + 333_333 * 3)
        // Last cell 999,999: row 333,333 at y = 333,333 × 132, column 0.
        #expect(layout.cell(999_999).frame == Rect(x: 0, y: 333_333 * 132, width: 129, height: 129))
    }
}
