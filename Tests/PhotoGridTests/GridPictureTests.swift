import Foundation
import JPEG
@testable import PhotoGrid
import Testing

/// `photogrid render`'s picture: cells show the right photo, gaps the background.
@Suite("Rendered pictures")
struct GridPictureTests {
    typealias Colour = (r: Int, g: Int, b: Int)
    static let red: Colour = (220, 30, 30), green: Colour = (30, 200, 40), blue: Colour = (30, 40, 220), yellow: Colour = (230, 220, 20)

    /// A library of four solid-colour photos a…d (400×300, 300×400, 200×200, 600×100).
    func library() throws -> (db: String, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("picture-\(UUID().uuidString)")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let specs: [(String, Int, Int, Colour)] = [("a", 400, 300, Self.red), ("b", 300, 400, Self.green),
                                                   ("c", 200, 200, Self.blue), ("d", 600, 100, Self.yellow)]
        for (name, w, h, c) in specs {
            var rgb: [UInt8] = []
            rgb.reserveCapacity(w * h * 3)
            for _ in 0..<(w * h) { rgb += [UInt8(c.r), UInt8(c.g), UInt8(c.b)] }
            let bytes = try JPEGEncoder.encode(rgb: rgb, width: w, height: h, quality: 95)
            try Data(bytes).write(to: photos.appendingPathComponent("\(name).jpg"))
        }
        let db = dir.appendingPathComponent("library.sqlite").path
        _ = try LibraryIndexing.index(folder: photos.path, database: .sqliteFile(db))
        return (db, dir)
    }

    func pixel(_ image: DecodedJPEG, _ x: Int, _ y: Int) -> Colour {
        let i = (y * image.width + x) * 3
        return (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
    }

    /// Within `tolerance` levels per channel: the picture is a JPEG (chroma subsampling and ringing
    /// reach a pixel or two past a sharp edge, hence the wider tolerance for gap pixels beside a cell).
    func expectColour(_ image: DecodedJPEG, _ x: Int, _ y: Int, _ c: Colour, tolerance: Int = 12,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let p = pixel(image, x, y)
        #expect(abs(p.r - c.r) <= tolerance && abs(p.g - c.g) <= tolerance && abs(p.b - c.b) <= tolerance,
                "pixel (\(x), \(y)) is \(p), expected \(c)", sourceLocation: sourceLocation)
    }

    @Test("the grid at width 393, scale 1: cells at their frames, spacing white")
    func grid() throws {
        let (db, dir) = try library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("grid.jpg").path
        let summary = try LibraryPicture.render(database: .sqliteFile(db), request: LayoutRequest(width: 393, height: 300, scale: 1), output: out)
        #expect(summary.failures.isEmpty && summary.cells == 4)
        let image = try JPEGDecoder.decode(path: out)
        #expect(image.width == 393 && image.height == 300)
        // Cells of 129 at x 0/132/264, rows at y 0/132 (docs/layout-spec.md §5.5): centres 64.5, 196.5, 328.5.
        expectColour(image, 64, 64, Self.red)
        expectColour(image, 196, 64, Self.green)
        expectColour(image, 328, 64, Self.blue)
        expectColour(image, 64, 196, Self.yellow)
        // Gaps (x 129…132, y 129…132) and the empty slots after the fourth cell: background.
        let white: Colour = (255, 255, 255)
        expectColour(image, 130, 64, white, tolerance: 24)
        expectColour(image, 262, 100, white, tolerance: 24)
        expectColour(image, 64, 130, white, tolerance: 24)
        expectColour(image, 196, 196, white)
        expectColour(image, 300, 280, white)
    }

    @Test("the transition frame: p = 1 shows the fit rect alone; p = 0 the cell")
    func transition() throws {
        let (db, dir) = try library()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("detail.jpg").path
        // p = 1: 400×300 fit in 393×300 → k = 0.9825, 393 × 294.75 at y = 2.625; the grid is faded out.
        _ = try LibraryPicture.render(database: .sqliteFile(db), request: LayoutRequest(width: 393, height: 300, scale: 1), detail: 0, progress: 1, output: out)
        let open = try JPEGDecoder.decode(path: out)
        expectColour(open, 196, 150, Self.red)
        expectColour(open, 328, 64, Self.red)      // where the blue cell was
        expectColour(open, 196, 0, (255, 255, 255))  // above the fit rect
        // p = 0: the image is the cell's fill rect inside the cell's square; the grid is at full opacity.
        _ = try LibraryPicture.render(database: .sqliteFile(db), request: LayoutRequest(width: 393, height: 300, scale: 1), detail: 0, progress: 0, output: out)
        let closed = try JPEGDecoder.decode(path: out)
        expectColour(closed, 64, 64, Self.red)
        expectColour(closed, 130, 64, (255, 255, 255), tolerance: 24)
        expectColour(closed, 196, 64, Self.green)
    }

    @Test("render refuses --sizes and a non-.jpg output")
    func usage() throws {
        #expect(throws: UsageError.self) {
            _ = try LibraryPicture.render(database: .sqliteFile("x"), request: LayoutRequest(sizes: "10x10", width: 393), output: "a.jpg")
        }
        #expect(throws: UsageError.self) {
            _ = try LibraryPicture.render(database: .sqliteFile("x"), request: LayoutRequest(width: 393), output: "a.png")
        }
    }
}
