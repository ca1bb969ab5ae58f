// Layout benchmark: the visible-range query on a 1,000,000-photo grid, a full layout of 100,000 cells,
// and the --all JSON of 100,000 cells; each against the slower way of doing the same thing, in one run.
import Foundation
import GridLayout
import PhotoGrid

/// Median wall time of `body` over `runs` runs, in seconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        times.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }
    return times.sorted()[times.count / 2]
}

func format(_ seconds: Double) -> String {
    seconds < 1e-3 ? String(format: "%.2f µs", seconds * 1e6) : String(format: "%.2f ms", seconds * 1e3)
}

var rng = SystemRandomNumberGenerator()
let shapes = [Size(width: 4032, height: 3024), Size(width: 3024, height: 4032), Size(width: 6000, height: 4000), Size(width: 1920, height: 1080)]
let million = (0..<1_000_000).map { _ in shapes.randomElement(using: &rng) ?? shapes[0] }
var sink = 0.0

print("PhotoGrid layout benchmark (release build, median of runs)")
print(String(repeating: "-", count: 78))

// 1. Visible-range query on 1,000,000 photos, viewport 393 × 759 at random offsets.
let big = PhotoGridLayout(width: 393, imageSizes: million)
let offsets = (0..<1000).map { _ in Double.random(in: 0...big.contentHeight, using: &rng) }
let perQuery = median(runs: 7) {
    for y in offsets {
        for i in big.visibleCells(offset: y, height: 759) { sink += big.cell(i).imageFrame.x }
    }
} / Double(offsets.count)
let build = median(runs: 7) { sink += PhotoGridLayout(width: 393, imageSizes: million).contentHeight }
let engineBig = median(runs: 1) { sink += PhotoGridLayout(width: 393, imageSizes: million, evaluatedByEngine: true).contentHeight }
print("1,000,000 photos, width 393: layout \(format(build)) (engine, measuring every row: \(format(engineBig)), \(Int(engineBig / build))× slower)")
print("  visible-range query + geometry of the ~21 visible cells: \(format(perQuery)) per query")

// 2. Full layout of 100,000 cells: closed form vs the engine evaluating each SwiftUI cell tree.
let hundredK = Array(million.prefix(100_000))
let fast = median(runs: 5) {
    let l = PhotoGridLayout(width: 393, imageSizes: hundredK)
    for i in 0..<l.count { sink += l.cell(i).crop.x }
}
let engine = median(runs: 3) {
    let l = PhotoGridLayout(width: 393, imageSizes: hundredK, evaluatedByEngine: true)
    for i in 0..<l.count { sink += l.cell(i).crop.x }
}
print("100,000 cells, all geometry: fast path \(format(fast)), engine \(format(engine)) → \(String(format: "%.0f", engine / fast))× faster")

// 3. The --all layout JSON of 100,000 cells: JSONWriter vs Foundation's JSONEncoder on the same fields (same bytes).
let gallery = try GalleryLayout(photos: hundredK.map { GalleryPhoto(pixelWidth: $0.width, pixelHeight: $0.height) },
                                viewport: Viewport(width: 393))
var bytes = 0
let document = gallery.layoutDocument(all: true)
let building = median(runs: 5) { sink += Double(gallery.layoutDocument(all: true).cells.count) }
let writer = median(runs: 5) { bytes = document.jsonBytes(reservingCapacity: 24 << 20).count }
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let fields = EncodedLayout(document)
let foundation = median(runs: 3) { sink += Double((try? encoder.encode(fields))?.count ?? 0) }
precondition((try? encoder.encode(fields)).map([UInt8].init) == document.jsonBytes(), "JSONEncoder wrote other bytes")
print("100,000 cells, --all document: built in \(format(building)); JSON (\(bytes / 1_000_000) MB): JSONWriter \(format(writer)), JSONEncoder \(format(foundation)) → \(String(format: "%.0f", foundation / writer))× faster")
print(String(repeating: "-", count: 78))
if sink == 42 { print("") }

/// The fields of a layout document of photos without ids or paths, as Foundation's JSONEncoder encodes them
/// (the document itself has one encoding, its writer).
struct EncodedLayout: Encodable {
    struct Viewport: Encodable { var height, offset, scale, width: Double }
    struct Column: Encodable { var width, x: Double }
    struct Grid: Encodable { var columns: [Column]; var contentHeight: Double; var count: Int; var rowCount: Int; var rowSpacing: Double }
    struct Cell: Encodable { var crop, frame, imageFrame: Rect; var index: Int; var pixelHeight, pixelWidth: Double }
    var cells: [Cell], grid: Grid, version: Int, viewport: Viewport

    init(_ document: LayoutDocument) {
        let (v, g) = (document.viewport, document.grid)
        cells = document.cells.map { Cell(crop: $0.crop, frame: $0.frame, imageFrame: $0.imageFrame, index: $0.index,
                                          pixelHeight: $0.pixelHeight, pixelWidth: $0.pixelWidth) }
        grid = Grid(columns: g.columns.map { Column(width: $0.width, x: $0.x) }, contentHeight: g.contentHeight, count: g.count,
                    rowCount: g.rowCount, rowSpacing: g.rowSpacing)
        (version, viewport) = (document.version, Viewport(height: v.height, offset: v.offset, scale: v.scale, width: v.width))
    }
}
