import GridLayout
@testable import PhotoGrid
import Testing

/// The server's limits on one layout answer (docs/serve.md, "Limits": 32 items, 1,000 columns, 10,000
/// cells): each checked just inside and just over, from the spec's column rule (`n = ⌊(G + s)/(min + s)⌋`
/// per adaptive item) and square rows of the widest track plus the row spacing.
@Suite struct AnswerLimitsTests {
    static let limits = AnswerLimits(columnItems: 32, columns: 1_000, cells: 10_000)

    /// (width, height, columns, rowSpacing, group, photos, all, refused parameter or nil).
    static let cases: [(Double, Double, String, Double, String, Int, Bool, String?)] = [
        (393, 759, "adaptive:100/3", 3, "none", 1_000_000, false, nil),
        (500, 1, "adaptive:0.5/0", 0, "none", 1_000_000, false, nil),            // 1,000 columns
        (500.5, 1, "adaptive:0.5/0", 0, "none", 1_000_000, false, "columns"),    // 1,001
        (1_000_000, 10, "adaptive:1/0", 0, "none", 10, false, "columns"),        // 10,000 (one item's cap)
        (393, 10, Array(repeating: "fixed:1/0", count: 32).joined(separator: ","), 0, "none", 10, false, nil),
        (393, 10, Array(repeating: "fixed:1/0", count: 33).joined(separator: ","), 0, "none", 10, false, "columns"),
        // 3 columns of 129 pt, pitch 132: ⌈h / 132⌉ + 1 rows may show.
        (393, 439_824, "adaptive:100/3", 3, "none", 1_000_000, false, nil),      // 3,333 rows × 3 = 9,999
        (393, 439_900, "adaptive:100/3", 3, "none", 1_000_000, false, "height"), // 3,334 rows × 3 = 10,002
        (393, 1_000_000, "adaptive:100/3", 0, "none", 1_000_000, false, "height"),
        (393, 1_000_000, "adaptive:100/3", 0, "none", 10_000, false, nil),       // the photos themselves are fewer
        (393, 759, "adaptive:100/3", 3, "none", 10_000, true, nil),
        (393, 759, "adaptive:100/3", 3, "none", 10_001, true, "all"),
        // Sections: a section's last row may be as short as the narrowest track, the row spacing not between.
        (393, 500_000, "adaptive:100/3", 1000, "none", 1_000_000, false, nil),   // 444 rows of 1,129 pt
        (393, 500_000, "adaptive:100/3", 1000, "day", 1_000_000, false, "height"), // up to 3,877 rows of 129 pt
    ]

    @Test("each limit, just inside and just over", arguments: cases)
    func check(_ c: (Double, Double, String, Double, String, Int, Bool, String?)) {
        let request = LayoutRequest(width: c.0, height: c.1, columns: c.2, rowSpacing: c.3, group: c.4)
        do {
            try Self.limits.check(request, count: c.5, all: c.6)
            #expect(c.7 == nil, "\(c) was answered")
        } catch {
            #expect(error.parameter == c.7, "\(c): \(error)")
        }
    }

    @Test func aStyleThatReadsEveryRowTakesAtMostTheCellLimit() {
        let fit = LayoutRequest(width: 393, cellStyle: "fit")
        #expect(throws: UsageError.self) { try Self.limits.check(fit, count: 10_001, all: false) }
        #expect(throws: Never.self) { try Self.limits.check(fit, count: 10_000, all: false) }
    }

    /// Justified rows have no columns: at 1,000,000 pt the default `adaptive:100` would make over 1,000
    /// (the square grid is refused for that), but only their rows are bounded: 10 pt rows are never lower
    /// than 5 pt, so with the default 3 pt spacing a 100 pt height shows at most ⌈100 / 8⌉ + 1 = 14 rows
    /// and an 80,000 pt one 10,001.
    @Test func justifiedRowsAreBoundedByTheirRowsNotByColumns() {
        #expect(throws: Never.self) {
            try Self.limits.check(LayoutRequest(width: 1_000_000, height: 100, justified: JustifiedRequest(rowHeight: 10)), count: 1_000_000, all: false)
        }
        do {
            try Self.limits.check(LayoutRequest(width: 1_000_000, height: 80_000, justified: JustifiedRequest(rowHeight: 10)), count: 1_000_000, all: false)
            Issue.record("10,001 rows were answered")
        } catch {
            #expect(error.parameter == "height")
        }
        do {
            try Self.limits.check(LayoutRequest(width: 1_000_000, height: 100), count: 1_000_000, all: false)
            Issue.record("the square grid's columns were not bounded")
        } catch {
            #expect(error.parameter == "columns")
        }
    }

    /// `trackCount` counts what `tracks` makes, without making it.
    @Test("track count", arguments: ["adaptive:100/3", "fixed:80/2,flexible,flexible:50:200", "adaptive:120:inf", "adaptive:0.5/0,fixed:3",
                                     "flexible:10:20,adaptive:7/1,adaptive:3/0"])
    func trackCount(_ columns: String) throws {
        let items = try ColumnsSpec.parse(columns)
        for width in [0.0, 1, 99.5, 393, 1024, 4000] {
            let grid = LazyVGridLayout(columns: items, spacing: 3)
            #expect(grid.trackCount(proposedWidth: width) == grid.tracks(proposedWidth: width).count, "\(columns) at \(width)")
        }
    }
}
