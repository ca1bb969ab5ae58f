@testable import GridLayout
import TestSupport
import Testing

/// Hand-written invariants that must hold for every input, beside the spec's vectors.
@Suite("Layout invariants")
struct InvariantTests {
    @Test("adaptive columns with an infinite maximum fill the width exactly, gaps included")
    func adaptiveColumnsFillWidth() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let width = Double.random(in: 0...3000, using: &rng)
            let minimum = Double.random(in: 1...300, using: &rng)
            let spacing = Double.random(in: 0...20, using: &rng)
            let tracks = GridColumns.tracks(width: width, items: [GridItem(.adaptive(minimum: minimum), spacing: spacing)])
            let n = Double(tracks.count)
            let sum = tracks.reduce(0) { $0 + $1.width } + (n - 1) * spacing
            #expect(abs(sum - width) <= 1e-9 * max(1, width), "W=\(width) min=\(minimum) s=\(spacing)")
            #expect(abs((tracks.last.map { $0.x + $0.width } ?? 0) - width) <= 1e-9 * max(1, width))
            // n is the largest count whose minimum widths and gaps fit (at least one).
            if tracks.count > 1 { #expect(n * minimum + (n - 1) * spacing <= width + 1e-6) }
            #expect((n + 1) * minimum + n * spacing > width - 1e-6)
        }
    }

    @Test("cells never overlap", arguments: PhotoCellStyle.allCases)
    func cellsNeverOverlap(style: PhotoCellStyle) {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<60 {
            let width = Double.random(in: 100...1500, using: &rng)
            let sizes = (0..<40).map { _ in
                Size(width: Double.random(in: 10...6000, using: &rng), height: Double.random(in: 10...6000, using: &rng))
            }
            let layout = PhotoGridLayout(width: width, style: style, imageSizes: sizes)
            let frames = (0..<layout.count).map { layout.cell($0).frame }
            for i in frames.indices {
                for j in frames.indices where j > i {
                    let overlap = frames[i].intersection(frames[j])
                    #expect(overlap.width * overlap.height <= 1e-9, "cells \(i) and \(j) overlap at W=\(width)")
                }
            }
        }
    }

    @Test("the crop always lies inside the image", arguments: PhotoCellStyle.allCases)
    func cropInsideImage(style: PhotoCellStyle) {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let width = Double.random(in: 50...2000, using: &rng)
            let image = Size(width: Double(Int.random(in: 1...9000, using: &rng)), height: Double(Int.random(in: 1...9000, using: &rng)))
            let layout = PhotoGridLayout(width: width, style: style, imageSizes: [image, image])
            for i in 0..<layout.count {
                let crop = layout.cell(i).crop
                let eps = 1e-9 * max(image.width, image.height)
                #expect(crop.x >= -eps && crop.y >= -eps)
                #expect(crop.maxX <= image.width + eps && crop.maxY <= image.height + eps)
                #expect(crop.width > 0 && crop.height > 0)
            }
        }
    }

    @Test("square cells are centre crops: the crop is the largest centred square, whatever the cell size")
    func squareCropIsCentred() {
        // 4032×3024 → side 3024 at x = 504 (docs/layout-spec.md §4.3), at every width.
        for width in stride(from: 100.0, through: 1200, by: 37) {
            let layout = PhotoGridLayout(width: width, imageSizes: [Size(width: 4032, height: 3024)])
            #expect(layout.cell(0).crop == Rect(x: 504, y: 0, width: 3024, height: 3024))
        }
    }

    @Test("visible cells at width 393, offset 1200, height 759 are 27…44")
    func visibleRangeByHand() {
        // Rows start at 132·r and are 129 tall. Visible: 132r < 1959 and 132r + 129 > 1200 → r = 9…14.
        let layout = PhotoGridLayout(width: 393, imageSizes: Array(repeating: Size(width: 4032, height: 3024), count: 100))
        #expect(layout.visibleCells(offset: 1200, height: 759) == Array(27...44))
        // The gap between rows 8 and 9 (y 1185…1188) shows nothing of row 8.
        #expect(layout.visibleCells(offset: 1185, height: 3) == [])
        #expect(layout.visibleCells(offset: 1185, height: 3.5) == [27, 28, 29])
        // Past the end: nothing; before the start: the first rows.
        #expect(layout.visibleCells(offset: 5000, height: 759) == [])
        #expect(layout.visibleCells(offset: -200, height: 201) == [0, 1, 2])
        #expect(layout.visibleCells(offset: 0, height: 0) == [])
    }

    @Test("the resizable and fit cell styles of S01E309")
    func intermediateStyles() {
        let a = Size(width: 4032, height: 3024), p = Size(width: 3024, height: 4032)
        // .resizable(): measured (129, nil) → 129 × natural height (3024, 4032): the row is 4032 tall,
        // and at placement the cell is re-proposed its slot (129, 4032), which a resizable image takes.
        let stretched = PhotoGridLayout(width: 393, style: .resizable, imageSizes: [a, p])
        #expect(stretched.cell(0).frame == Rect(x: 0, y: 0, width: 129, height: 4032))
        #expect(stretched.cell(1).frame == Rect(x: 132, y: 0, width: 129, height: 4032))
        #expect(stretched.contentHeight == 4032)
        #expect(stretched.cell(0).crop == Rect(x: 0, y: 0, width: 4032, height: 3024))
        // .aspectRatio(contentMode: .fit): 129 × 96.75 and 129 × 172; the row is 172 tall and the
        // landscape cell is centred in it: y = (172 − 96.75) / 2 = 37.625.
        let fitted = PhotoGridLayout(width: 393, style: .fit, imageSizes: [a, p])
        #expect(fitted.contentHeight == 172)
        #expect(fitted.cell(0).frame == Rect(x: 0, y: 37.625, width: 129, height: 96.75))
        #expect(fitted.cell(1).frame == Rect(x: 132, y: 0, width: 129, height: 172))
        #expect(fitted.cell(1).crop == Rect(x: 0, y: 0, width: 3024, height: 4032))
    }
}
