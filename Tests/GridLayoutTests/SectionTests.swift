@testable import GridLayout
import TestSupport
import Testing

/// Sections, pinned headers and pinch zoom (docs/layout-spec.md §10): the vectors of §10.4 as data
/// tables, then invariants over seeded random libraries.
@Suite struct SectionTests {
    static let photoGrid = LazyVGridLayout.photoGrid

    /// Vectors 70–73: one grid, its headers, some cells, the pinned header at some offsets.
    struct SectionVector: Sendable, CustomTestStringConvertible {
        var id: Int
        var width: Double
        var headerHeight: Double
        var sections: [Int]
        var headers: [Double]
        var photosMaxY: [Double]
        var contentHeight: Double
        var columnWidth: Double
        var cells: [Int: Rect]
        /// offset → (pinned section, its viewport y)
        var pinned: [Double: (Int, Double)]
        var testDescription: String { "#\(id)" }
    }

    static let sectionVectors: [SectionVector] = [
        SectionVector(id: 70, width: 393, headerHeight: 44, sections: [5, 3, 7], headers: [0, 311, 490],
                      photosMaxY: [308, 487, 930], contentHeight: 930, columnWidth: 129, cells: [:], pinned: [:]),
        SectionVector(id: 71, width: 393, headerHeight: 44, sections: [5, 3, 7], headers: [0, 311, 490],
                      photosMaxY: [308, 487, 930], contentHeight: 930, columnWidth: 129,
                      cells: [5: Rect(x: 0, y: 358, width: 129, height: 129), 14: Rect(x: 0, y: 801, width: 129, height: 129)],
                      pinned: [:]),
        SectionVector(id: 72, width: 393, headerHeight: 44, sections: [5, 3, 7], headers: [0, 311, 490],
                      photosMaxY: [308, 487, 930], contentHeight: 930, columnWidth: 129, cells: [:],
                      pinned: [0: (0, 0), 30: (0, 0), 400: (1, 0), 460: (1, -17), 488: (1, -45), 600: (2, 0)]),
        SectionVector(id: 73, width: 820, headerHeight: 50, sections: [1, 12], headers: [0, 170.571428571428571],
                      photosMaxY: [167.571428571428571, 455.714285714285714], contentHeight: 455.714285714285714,
                      columnWidth: 114.571428571428571,
                      cells: [12: Rect(x: 470.285714285714286, y: 341.142857142857143, width: 114.571428571428571, height: 114.571428571428571)],
                      pinned: [:]),
    ]

    @Test(arguments: sectionVectors)
    func sectionVector(_ v: SectionVector) {
        for engine in [false, true] {
            let grid = SectionedPhotoGrid(width: v.width, sectionCounts: v.sections, headerHeight: v.headerHeight, evaluatedByEngine: engine)
            #expect(grid.tracks.allSatisfy { abs($0.width - v.columnWidth) < 1e-9 }, "#\(v.id) engine \(engine)")
            for (j, y) in v.headers.enumerated() {
                #expect(abs(grid.headerFrame(j).minY - y) < 1e-9, "#\(v.id) header \(j)")
                #expect(abs(grid.photosMaxY(ofSection: j) - v.photosMaxY[j]) < 1e-9, "#\(v.id) section bottom \(j)")
            }
            #expect(abs(grid.contentHeight - v.contentHeight) < 1e-9)
            for (index, frame) in v.cells { #expect(grid.frame(index).isClose(to: frame), "#\(v.id) cell \(index): \(grid.frame(index))") }
            for (offset, (section, y)) in v.pinned {
                let pinned = grid.pinnedHeader(offset: offset)
                #expect(pinned?.section == section, "#\(v.id) o = \(offset)")
                #expect(abs((pinned?.frame.minY ?? .nan) - offset - y) < 1e-9, "#\(v.id) o = \(offset): \(String(describing: pinned))")
            }
        }
    }

    /// Vectors 74–77: pinch zoom at W = 393, H = 759 from adaptive:100/3 to adaptive:60/3 or 180/3.
    struct ZoomVector: Sendable, CustomTestStringConvertible {
        var id: Int
        var sections: [Int]
        var offset: Double
        var point: Point
        var toMinimum: Double
        var anchor: Int
        var fraction: Double?
        var newOffset: Double
        var testDescription: String { "#\(id)" }
    }

    static let zoomVectors: [ZoomVector] = [
        ZoomVector(id: 74, sections: [100], offset: 1200, point: Point(x: 200, y: 300), toMinimum: 60, anchor: 34, fraction: 1.0 / 129, newOffset: 77.488372093023256),
        ZoomVector(id: 75, sections: [100], offset: 1200, point: Point(x: 200, y: 300), toMinimum: 180, anchor: 34, fraction: nil, newOffset: 3114.511627906976744),
        ZoomVector(id: 76, sections: [100], offset: 4000, point: Point(x: 10, y: 700), toMinimum: 60, anchor: 99, fraction: 1, newOffset: 407),
        ZoomVector(id: 77, sections: [60, 60], offset: 2800, point: Point(x: 100, y: 40), toMinimum: 60, anchor: 60, fraction: 106.0 / 129, newOffset: 652),
    ]

    static func grid(minimum: Double) -> LazyVGridLayout {
        LazyVGridLayout(columns: [GridItem(.adaptive(minimum: minimum), spacing: 3)], spacing: 3)
    }

    @Test(arguments: zoomVectors)
    func zoomVector(_ v: ZoomVector) throws {
        let a = SectionedPhotoGrid(width: 393, grid: Self.photoGrid, sectionCounts: v.sections)
        let b = SectionedPhotoGrid(width: 393, grid: Self.grid(minimum: v.toMinimum), sectionCounts: v.sections)
        let result = try #require(PinchZoom.zoom(from: a, to: b, viewportHeight: 759, offset: v.offset, at: v.point))
        #expect(result.anchor == v.anchor)
        if let fraction = v.fraction { #expect(abs(result.fraction - fraction) < 1e-12) }
        #expect(abs(result.offset - v.newOffset) < 1e-9, "\(result)")
    }

    /// Detail geometry comes from the cell's frame alone: for the last cell of vector 71's third section
    /// at offset 700 it is worked out by hand — a 4032×3024 photo fills 172×129 centred on the cell
    /// (x −21.5), at viewport y 801 − 700 = 101; the fit rect of 393×759 is 393 × 294.75 at y 232.125.
    @Test func detailOfACellInALaterSectionAtAnOffset() {
        let grid = SectionedPhotoGrid(width: 393, sectionCounts: [5, 3, 7])
        let image = Size(width: 4032, height: 3024)
        let detail = DetailGeometry(cell: grid.cell(14, imageSize: image), imageSize: image, offset: 700,
                                    container: Rect(x: 0, y: 0, width: 393, height: 759))
        #expect(detail.cell.isClose(to: Rect(x: 0, y: 101, width: 129, height: 129)))
        #expect(detail.source.isClose(to: Rect(x: -21.5, y: 101, width: 172, height: 129)))
        #expect(detail.detail.isClose(to: Rect(x: 0, y: 232.125, width: 393, height: 294.75)))
    }

    /// Random libraries: the closed form equals the engine; headers never overlap cells; sections start
    /// new rows; the pinned header never covers its successor's header; the content height is §10.2's
    /// sum; the visible query equals a brute force over all frames.
    @Test(arguments: 0..<12)
    func invariants(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let width = Double.random(in: 120...1400, using: &random).rounded()
        let minimum = [60.0, 100, 180].randomElement(using: &random)!
        let layout = LazyVGridLayout(columns: [GridItem(.adaptive(minimum: minimum), spacing: 3)], spacing: [0, 3, 8].randomElement(using: &random)!)
        let h = [30.0, 44, 50].randomElement(using: &random)!
        let counts = (0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 1...30, using: &random) }
        let fast = SectionedPhotoGrid(width: width, grid: layout, sectionCounts: counts, headerHeight: h)
        let engine = SectionedPhotoGrid(width: width, grid: layout, sectionCounts: counts, headerHeight: h, evaluatedByEngine: true)
        #expect(fast.count == counts.reduce(0, +))
        #expect(abs(fast.contentHeight - engine.contentHeight) < 1e-6)
        let n = fast.tracks.count, s = layout.rowSpacing
        let side = fast.tracks.map(\.width).max() ?? 0
        let sum = counts.reduce(0.0) { total, c in
            let rows = Double((c + n - 1) / n)
            return total + h + s + rows * side + (rows - 1) * s
        } + Double(counts.count - 1) * s
        #expect(abs(fast.contentHeight - sum) < 1e-6, "content height \(fast.contentHeight) vs \(sum)")
        let frames = (0..<fast.count).map { fast.frame($0) }
        for i in 0..<fast.count { #expect(frames[i].isClose(to: engine.frame(i), tolerance: 1e-6), "seed \(seed) cell \(i)") }
        for j in 0..<fast.sectionCount {
            let header = fast.headerFrame(j)
            #expect(abs(header.minY - engine.headerFrame(j).minY) < 1e-6)
            let first = fast.firstIndex(ofSection: j)
            #expect(abs(frames[first].minX - fast.tracks[0].x) < 1e-9, "section \(j) starts in the first column")
            #expect(abs(frames[first].minY - (header.maxY + s)) < 1e-9, "section \(j) starts a row below its header")
            if j > 0 { #expect(frames[first].minY > frames[first - 1].maxY, "section \(j) starts a new row") }
            for i in first..<(first + counts[j]) { #expect(!frames[i].intersects(header)) }
            if j + 1 < fast.sectionCount {
                let next = fast.headerFrame(j + 1)
                for o in stride(from: header.minY, to: next.minY + 10, by: max(1, (next.minY - header.minY) / 17)) {
                    if let pinned = fast.pinnedHeader(offset: o), pinned.section == j {
                        #expect(pinned.frame.maxY <= next.minY + 1e-9, "pinned \(j) at \(o) covers the next header")
                    }
                }
            }
        }
        for _ in 0..<10 {
            let offset = Double.random(in: -100...(fast.contentHeight + 100), using: &random)
            let height = Double.random(in: 1...900, using: &random)
            let brute = (0..<fast.count).filter { frames[$0].minY < offset + height && frames[$0].maxY > offset }
            #expect(fast.visibleCells(offset: offset, height: height) == brute, "seed \(seed) o \(offset) h \(height)")
            let headers = (0..<fast.sectionCount).filter { fast.headerFrame($0).minY < offset + height && fast.headerFrame($0).maxY > offset }
            #expect(fast.visibleHeaders(offset: offset, height: height) == headers)
        }
    }

    /// Zooming from A to B and back to A lands within one row of where it started (when neither
    /// offset was clamped to the scroll range: a clamped zoom moves the anchor away from the point).
    @Test(arguments: 0..<12)
    func zoomThereAndBack(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 1000)
        let counts = (0..<Int.random(in: 1...6, using: &random)).map { _ in Int.random(in: 20...200, using: &random) }
        let grouped = Bool.random(using: &random)
        let sections = grouped ? counts : [counts.reduce(0, +)]
        let a = SectionedPhotoGrid(width: 393, grid: Self.grid(minimum: 100), sectionCounts: sections)
        let b = SectionedPhotoGrid(width: 393, grid: Self.grid(minimum: [60.0, 180].randomElement(using: &random)!), sectionCounts: sections)
        let height = 759.0
        func clamped(_ offset: Double, _ grid: SectionedPhotoGrid) -> Bool { offset <= 0 || offset >= grid.contentHeight - height }
        var checked = 0
        for _ in 0..<20 {
            let offset = Double.random(in: 0...max(0, a.contentHeight - height), using: &random)
            let point = Point(x: Double.random(in: 0..<393, using: &random), y: Double.random(in: 0..<height, using: &random))
            let there = try #require(PinchZoom.zoom(from: a, to: b, viewportHeight: height, offset: offset, at: point))
            let back = try #require(PinchZoom.zoom(from: b, to: a, viewportHeight: height, offset: there.offset, at: point))
            if clamped(there.offset, b) || clamped(back.offset, a) { continue }
            checked += 1
            let row = a.tracks[0].width + a.grid.rowSpacing
            #expect(abs(back.offset - offset) <= row + 1e-9, "seed \(seed): \(offset) → \(there.offset) → \(back.offset)")
        }
        #expect(checked > 0, "seed \(seed): every sample was clamped")
    }

    /// The plain grid zooms too (no headers): the anchor and offset come from the same rule.
    @Test func plainGridZoom() throws {
        let a = PhotoGridLayout(width: 393, squareCellCount: 100)
        let b = PhotoGridLayout(width: 393, grid: Self.grid(minimum: 60), squareCellCount: 100)
        // Y + o = 1500: row 11 of A spans 1452…1581 (pitch 132), x 200 is in column 1: cell 34, r = 48/129.
        let result = try #require(PinchZoom.zoom(from: a, to: b, viewportHeight: 759, offset: 1200, at: Point(x: 200, y: 300)))
        #expect(result.anchor == 34)
        #expect(abs(result.fraction - 48.0 / 129) < 1e-12)
        // B: cell 34 is row 5 (pitch 66) at y 330, 63 tall: 330 + 48/129·63 − 300.
        #expect(abs(result.offset - (330 + 48.0 / 129 * 63 - 300)) < 1e-9)
    }
}

extension Rect {
    func isClose(to other: Rect, tolerance: Double = 1e-9) -> Bool {
        abs(x - other.x) < tolerance && abs(y - other.y) < tolerance && abs(width - other.width) < tolerance && abs(height - other.height) < tolerance
    }

    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
