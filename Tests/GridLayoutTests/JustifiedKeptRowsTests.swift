import GridLayout
import Testing

/// Justified rows kept as bytes and read back (`JustifiedPhotoGrid.keptRows`, `init(keptRows:…)`): a window
/// laid out from the kept rows and only the ratios `photosRead` names is the whole layout's window, box for
/// box; bytes that are not such rows, or rows of other sections, are refused.
struct JustifiedKeptRowsTests {
    /// Seeded ratios from panoramas to tall portraits (a linear congruential generator: the same every run).
    static func ratios(_ n: Int, seed: UInt64 = 7) -> [Double] {
        var state = seed
        let shapes = [4.0 / 3, 3.0 / 4, 1.5, 16.0 / 9, 8, 1.0 / 3, 1]
        return (0..<n).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return shapes[Int(state >> 33) % shapes.count]
        }
    }

    static let configurations: [(String, JustifiedConfiguration)] = [
        ("phone", JustifiedConfiguration(containerWidth: 393, containerPadding: JustifiedPadding(0), boxSpacing: JustifiedSpacing(3), targetRowHeight: 100)),
        ("odd spacing and padding", JustifiedConfiguration(containerWidth: 1000, containerPadding: JustifiedPadding(top: 1.1, right: 2.2, bottom: 3.3, left: 4.4),
                                                           boxSpacing: JustifiedSpacing(horizontal: 0.3, vertical: 0.7), targetRowHeight: 133.3,
                                                           targetRowHeightTolerance: 0.1)),
        ("breakout every 3, widows centred", JustifiedConfiguration(containerWidth: 1280, boxSpacing: JustifiedSpacing(3), targetRowHeight: 235,
                                                                    fullWidthBreakoutRowCadence: 3, widowLayoutStyle: .center)),
        ("hidden widows, 500 rows", JustifiedConfiguration(containerWidth: 393, targetRowHeight: 100, maxNumRows: 500, showWidows: false)),
        ("forced ratio", JustifiedConfiguration(containerWidth: 600, targetRowHeight: 150, forceAspectRatio: 1.5)),
    ]

    @Test(arguments: configurations.indices, [nil, [1_000, 2_999, 1, 6_000]] as [[Int]?])
    func aWindowOfKeptRowsIsTheWholeLayoutsWindow(_ c: Int, _ sectionCounts: [Int]?) throws {
        let configuration = Self.configurations[c].1
        let ratios = Self.ratios(10_000)
        let whole = JustifiedPhotoGrid(aspectRatios: ratios, configuration: configuration, sectionCounts: sectionCounts)
        let bytes = whole.keptRows
        let header: Double? = sectionCounts == nil ? nil : 44
        let counts = sectionCounts ?? [ratios.count]
        let kept = try #require(bytes.withUnsafeBytes { JustifiedPhotoGrid(keptRows: $0, configuration: configuration, headerHeight: header, sectionCounts: counts) })
        #expect(kept.contentHeight == whole.contentHeight)
        #expect(kept.rowCount == whole.rowCount)
        for offset in stride(from: -100.0, through: whole.contentHeight + 100, by: whole.contentHeight / 37) {
            let read = kept.photosRead(offset: offset, height: 852)
            let window = kept.reading(ratios: Array(ratios[read]), from: read.lowerBound)
            #expect(window.visibleBoxes(offset: offset, height: 852) == whole.visibleBoxes(offset: offset, height: 852), "offset \(offset)")
            #expect(window.visibleHeaders(offset: offset, height: 852) == whole.visibleHeaders(offset: offset, height: 852))
            #expect(read.count <= 2 * whole.visibleCountBound(offset: offset, height: 852) + 400, "a window reads about what it shows")
        }
    }

    @Test func bytesThatAreNotKeptRowsOrRowsOfOtherSectionsAreRefused() {
        let configuration = Self.configurations[0].1
        let grid = JustifiedPhotoGrid(aspectRatios: Self.ratios(1_000), configuration: configuration, sectionCounts: [400, 600])
        let bytes = grid.keptRows
        func read(_ bytes: [UInt8], _ counts: [Int]) -> JustifiedPhotoGrid? {
            bytes.withUnsafeBytes { JustifiedPhotoGrid(keptRows: $0, configuration: configuration, headerHeight: 44, sectionCounts: counts) }
        }
        #expect(read(bytes, [400, 600]) != nil)
        #expect(read(bytes, [401, 599]) == nil, "other sections")
        #expect(read(bytes, [1_000]) == nil, "one section")
        #expect(read(Array(bytes.dropLast()), [400, 600]) == nil, "cut short")
        #expect(read(bytes + [0], [400, 600]) == nil, "a byte too many")
        #expect(read([], [400, 600]) == nil)
        var other = bytes
        other[3] = UInt8(ascii: "9")
        #expect(read(other, [400, 600]) == nil, "another format")
        var falling = bytes
        // The second section's second row start (after the 2 section heads of 24 bytes and the first
        // section's starts and heights) made 0: starts no longer rise.
        let firstRows = Int(bytes[12]) | Int(bytes[13]) << 8
        let at = 8 + 2 * 24 + firstRows * 12 + 4
        falling[at] = 0; falling[at + 1] = 0
        #expect(read(falling, [400, 600]) == nil, "row starts that do not rise")
    }

    /// A window's boxes (rows found by their tops in blocks of 64, then laid out again from their first
    /// photo) are the boxes of the whole layout that meet the viewport: `JustifiedLayout` run on every
    /// photo, filtered, at offsets over the whole container.
    @Test(arguments: configurations.indices)
    func aWindowsBoxesAreTheWholeLayoutsBoxesInView(_ c: Int) throws {
        let configuration = Self.configurations[c].1
        let ratios = Self.ratios(20_000, seed: 11)
        let grid = JustifiedPhotoGrid(aspectRatios: ratios, configuration: configuration)
        let whole = try JustifiedLayout.layout(aspectRatios: ratios, configuration: configuration).boxes
        for offset in stride(from: -50.0, through: grid.contentHeight + 50, by: grid.contentHeight / 101) {
            let bottom = offset + 852
            let expected = whole.filter { $0.frame.minY < bottom && $0.frame.maxY > offset }
            #expect(grid.visibleBoxes(offset: offset, height: 852) == expected, "offset \(offset)")
        }
    }
}
