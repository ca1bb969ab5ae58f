import GridLayout
import Testing
import TestSupport
@testable import PhotoGrid

/// Justified rows in the gallery model (issue 38, items 2 and 6) against numbers made independently: the
/// engine's own boxes (`JustifiedLayout`, itself held to flickr/justified-layout's vectors), the
/// centred-fill rule written out here, and sections stacked by hand.
@Suite struct JustifiedGalleryTests {
    /// `count` photo sizes of the shapes a library holds, seeded.
    static func sizes(_ count: Int, seed: UInt64) -> [(Double, Double)] {
        var random = SplitMix64(seed: seed)
        let shapes: [(Double, Double)] = [(4032, 3024), (3024, 4032), (1000, 1000), (6000, 1000), (800, 4000), (1, 1), (640, 480), (1920, 1080)]
        return (0..<count).map { _ in shapes[Int(random.next() % UInt64(shapes.count))] }
    }

    static func photos(_ sizes: [(Double, Double)]) -> [GalleryPhoto] {
        sizes.map { GalleryPhoto(pixelWidth: $0.0, pixelHeight: $0.1) }
    }

    /// Option sets covering every flag: defaults, a row limit, hidden and centred widows, breakout rows,
    /// a forced ratio, per-side padding and spacing.
    static let requests: [JustifiedRequest] = [
        JustifiedRequest(),
        JustifiedRequest(rowHeight: 180, rowHeightTolerance: 0.1, spacing: "4,8", padding: "10,20,30,40", widows: "center"),
        JustifiedRequest(rowHeight: 120, maxRows: 7, widows: "justify"),
        JustifiedRequest(rowHeight: 90, widows: "hide", breakoutEvery: 3),
        JustifiedRequest(rowHeight: 150, spacing: "0", padding: "5", breakoutEvery: 2, aspectRatio: 1.5),
        JustifiedRequest(rowHeight: 60, rowHeightTolerance: 0, spacing: "2.5,0"),
    ]

    static func gallery(_ sizes: [(Double, Double)], _ request: JustifiedRequest, width: Double, offset: Double = 0,
                        height: Double = 759, sections: [Int]? = nil) throws -> GalleryLayout {
        try GalleryLayout(photos: photos(sizes), viewport: Viewport(width: width, height: height, offset: offset, scale: 3),
                          sections: sections.map { $0.enumerated().map { GallerySection(title: "\($0.offset + 1)", count: $0.element) } },
                          justified: try request.configuration(width: width))
    }

    /// Whether `frames` are `boxes` as documents give them: every edge within half a thousandth of a
    /// point of the box's, every number a whole number of thousandths (docs/layout-engine.md).
    static func areShown(_ frames: [Rect], _ boxes: [Rect]) -> Bool {
        func onGrid(_ v: Double) -> Bool { (v * 1000).rounded() / 1000 == v }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.0005 + 1e-9 * max(1, abs(b)) }
        return frames.count == boxes.count && zip(frames, boxes).allSatisfy { f, b in
            [f.x, f.y, f.width, f.height].allSatisfy(onGrid)
                && near(f.minX, b.minX) && near(f.maxX, b.maxX) && near(f.minY, b.minY) && near(f.maxY, b.maxY)
        }
    }

    @Test("every frame is the engine's box; rows, content height and count are the engine's", arguments: requests.indices)
    func framesAreTheEngines(_ k: Int) throws {
        let sizes = Self.sizes(500, seed: UInt64(k + 1))
        for width in [393.0, 1280, 820.5] {
            let request = Self.requests[k]
            let configuration = try request.configuration(width: width)
            let engine = try JustifiedLayout.layout(aspectRatios: sizes.map { $0.0 / $0.1 }, configuration: configuration)
            let document = try Self.gallery(sizes, request, width: width).layoutDocument(all: true)
            #expect(document.cells.map(\.index) == engine.boxes.map(\.index))
            #expect(Self.areShown(document.cells.map(\.frame), engine.boxes.map(\.frame)))
            #expect(document.grid.contentHeight == engine.containerHeight)
            #expect(document.grid.rowCount == engine.rows.count)
            #expect(document.grid.count == sizes.count)
            #expect(document.grid.columns.isEmpty)
            #expect(document.grid.rowSpacing == configuration.boxSpacing.vertical)
            #expect(document.sections == nil && document.pinned == nil)
        }
    }

    @Test("each photo fills its frame centred: imageFrame and crop by the centred-fill rule")
    func centredFill() throws {
        let sizes = Self.sizes(300, seed: 9)
        for request in Self.requests {
            for cell in try Self.gallery(sizes, request, width: 393).layoutDocument(all: true).cells {
                let f = cell.frame, pw = cell.pixelWidth, ph = cell.pixelHeight
                let s = max(f.width / pw, f.height / ph)
                let image = Rect(x: f.x + (f.width - pw * s) / 2, y: f.y + (f.height - ph * s) / 2, width: pw * s, height: ph * s)
                let crop = Rect(x: (pw - f.width / s) / 2, y: (ph - f.height / s) / 2, width: f.width / s, height: f.height / s)
                // The frame is given to 0.001 pt, the image and crop made from the exact box: each within what 0.001 pt
                // on a side of a frame (and the image's own rounding) moves it, the crop's in pixels.
                let imageSlack = 0.001 * (2 + max(pw / ph, ph / pw)) + 1e-6
                let cropSlack = 0.001 * (1 + max(f.width / f.height, f.height / f.width)) / s + 1e-6
                for (a, b, e) in [(cell.imageFrame, image, imageSlack), (cell.crop, crop, cropSlack)] {
                    #expect(abs(a.x - b.x) < e && abs(a.y - b.y) < e && abs(a.width - b.width) < e && abs(a.height - b.height) < e,
                            "cell \(cell.index): \(a) vs \(b)")
                }
            }
        }
    }

    @Test("the visible range is exactly the cells whose frames meet [offset, offset + height)", arguments: requests.indices)
    func visibleRange(_ k: Int) throws {
        let sizes = Self.sizes(400, seed: UInt64(40 + k))
        for sections in [nil, [1, 37, 2, 160, 200]] as [[Int]?] {
            let all = try Self.gallery(sizes, Self.requests[k], width: 393, sections: sections).layoutDocument(all: true)
            for offset in stride(from: -300.0, through: all.grid.contentHeight + 100, by: 97.25) {
                for height in [1.0, 200, 759] {
                    let window = try Self.gallery(sizes, Self.requests[k], width: 393, offset: offset, height: height, sections: sections)
                        .layoutDocument(all: false)
                    let expected = all.cells.filter { $0.frame.minY < offset + height && $0.frame.maxY > offset }
                    #expect(window.cells == expected, "offset \(offset) height \(height)")
                }
            }
        }
    }

    @Test("sections: each is justified on its own below its header; rows restart under every header")
    func sections() throws {
        let sizes = Self.sizes(300, seed: 77), counts = [5, 1, 120, 64, 110], header = 44.0
        for request in Self.requests {
            let configuration = try request.configuration(width: 393)
            let document = try Self.gallery(sizes, request, width: 393, sections: counts).layoutDocument(all: true)
            let v = configuration.boxSpacing.vertical
            var y = 0.0, start = 0, expected: [Rect] = [], rows = 0
            for (j, count) in counts.enumerated() {
                if j > 0 { y += v }
                #expect(document.sections?[j].header == Rect(x: 0, y: y, width: 393, height: header))
                y += header + v
                let engine = try JustifiedLayout.layout(aspectRatios: sizes[start..<(start + count)].map { $0.0 / $0.1 }, configuration: configuration)
                expected += engine.boxes.map { Rect(x: $0.frame.x, y: y + $0.frame.y, width: $0.frame.width, height: $0.frame.height) }
                rows += engine.rows.count
                y += max(0, engine.containerHeight)
                start += count
            }
            #expect(Self.areShown(document.cells.map(\.frame), expected))
            #expect(document.grid.contentHeight == y)
            #expect(document.grid.rowCount == rows)
        }
    }

    @Test("a grid made reusing an earlier one keeps unchanged sections and equals a fresh layout")
    func reuse() throws {
        let configuration = try JustifiedRequest(breakoutEvery: 4).configuration(width: 393)
        var ratios = Self.sizes(600, seed: 5).map { $0.0 / $0.1 }
        let before = JustifiedPhotoGrid(aspectRatios: ratios, configuration: configuration, sectionCounts: [100, 200, 300])
        ratios[150] = 0.3            // a change in the second section
        ratios.insert(2, at: 0)      // and a new photo opening the first
        let counts = [101, 200, 300]
        let reused = JustifiedPhotoGrid(aspectRatios: ratios, configuration: configuration, sectionCounts: counts, reusing: before)
        let fresh = JustifiedPhotoGrid(aspectRatios: ratios, configuration: configuration, sectionCounts: counts)
        #expect(reused.laidOutSectionCount == 2 && fresh.laidOutSectionCount == 3)
        #expect(reused.allBoxes() == fresh.allBoxes())
        #expect(reused.contentHeight == fresh.contentHeight)
    }

    @Test("one cell's frame, found alone, is its box in the whole layout")
    func frameOfOneCell() throws {
        let sizes = Self.sizes(250, seed: 3)
        for request in Self.requests {
            let gallery = try Self.gallery(sizes, request, width: 820, sections: [50, 200])
            let grid = try #require(gallery.justified)
            let boxes = Dictionary(uniqueKeysWithValues: grid.allBoxes().map { ($0.index, $0.frame) })
            for i in 0..<sizes.count { #expect(grid.frame(of: i) == boxes[i]) }
        }
    }

    @Test("detail starts from the justified cell: its frame, its fill rect, a mask the cell's shape")
    func detail() throws {
        let sizes = Self.sizes(40, seed: 11)
        let gallery = try Self.gallery(sizes, JustifiedRequest(rowHeight: 150, aspectRatio: 1.5), width: 393, offset: 100)
        let cell = try #require(gallery.layoutDocument(all: true).cells.first { $0.index == 7 })
        let detail = try gallery.detailDocument(index: 7, progress: 0)
        #expect(detail.cell == cell.frame.offsetBy(Point(x: 0, y: -100)))
        #expect(detail.source == cell.imageFrame.offsetBy(Point(x: 0, y: -100)))
        #expect(abs(detail.visible.width - cell.frame.width) < 1e-9 && abs(detail.visible.height - cell.frame.height) < 1e-9)
    }

    @Test("the answer limit: rows a viewport can show at half the target height, then the photos they hold")
    func limits() throws {
        let tall = LayoutRequest(width: 393, height: 1_000_000, justified: JustifiedRequest(rowHeight: 1, spacing: "1"))
        #expect(throws: UsageError.self) { try AnswerLimitsTests.limits.check(tall, count: 1_000_000, all: false) }
        try AnswerLimitsTests.limits.check(LayoutRequest(width: 393, height: 759, justified: JustifiedRequest()), count: 1_000_000, all: false)
        // 20,000 tall portraits, 59 a row 133 points tall: 339 rows fit the row bound, their photos do not.
        let sizes = Array(repeating: (100.0, 2000.0), count: 20_000)
        let gallery = try Self.gallery(sizes, JustifiedRequest(rowHeight: 100, spacing: "0"), width: 393, height: 40_000)
        #expect(throws: UsageError.self) { try AnswerLimitsTests.limits.checkShown(gallery, all: false) }
    }

    @Test("bad values are one-line usage errors naming the option", arguments: [
        (JustifiedRequest(rowHeight: 0), "row-height"), (JustifiedRequest(rowHeight: .infinity), "row-height"),
        (JustifiedRequest(rowHeightTolerance: -1), "row-height-tolerance"), (JustifiedRequest(spacing: "1,2,3"), "spacing"),
        (JustifiedRequest(spacing: "-1"), "spacing"), (JustifiedRequest(padding: "1,2"), "padding"),
        (JustifiedRequest(padding: "200"), "padding"), (JustifiedRequest(padding: "1e7"), "padding"),
        (JustifiedRequest(maxRows: -1), "max-rows"), (JustifiedRequest(widows: "right"), "widows"),
        (JustifiedRequest(breakoutEvery: 2_000_000), "breakout-every"), (JustifiedRequest(aspectRatio: 0), "aspect-ratio"),
    ])
    func badValues(_ request: JustifiedRequest, _ option: String) {
        #expect(throws: UsageError.self) { try request.configuration(width: 393) }
        do { _ = try request.configuration(width: 393) } catch {
            #expect(error.parameter == option)
            #expect(!error.description.contains("\n"))
        }
    }
}
