import Foundation
import TestSupport
import JPEG
import Testing

/// The pictures `export` (grid.jpg, drawn from the grid thumbnails) and `render` (drawn from the
/// photos when there are no thumbnails) show: pixels at known points against the thumbnail files
/// and against the photos, decoded here.
///
/// Geometry by hand from the layout rule: width 393 → 3 columns of 129 pt at x = 0, 132, 264, rows
/// every 132 pt (129 + spacing 3); at scale 3 a cell is 387 px at (396 · column, 396 · row) and the
/// gaps are the 9 px between. A cell shows the centre square of the upright photo: side =
/// min(w, h), origin ((w − side)/2, (h − side)/2) in display pixels.
@Suite(.serialized) struct PictureCommandTests {
    /// The photos in grid order (their file times are set one hour apart, in this order).
    static let photos = [
        "picosdeeuropa-panorama.jpg",     // 2400×662, landscape (a 129 × 467.6 pt fill rect)
        "friends-portrait.jpg",           // 1065×1600, portrait
        "aitzgorri.jpg",                  // 1600×1065, landscape
        "orientation/Landscape_6.jpg",    // stored 400×600, EXIF 6: displayed 600×400
        "orientation/Portrait_2.jpg",     // 400×600, EXIF 2 (mirrored)
        "wine-portrait.jpg",              // 1068×1600, portrait
    ]

    /// A decoded picture with patch means.
    struct Picture {
        let width: Int, height: Int, pixels: [UInt8]

        init(_ url: URL) throws {
            let decoded = try JPEGDecoder.decode(path: url.path)
            width = decoded.width; height = decoded.height; pixels = decoded.pixels
        }

        init(width: Int, height: Int, pixels: [UInt8]) {
            self.width = width; self.height = height; self.pixels = pixels
        }

        /// The mean RGB over the pixels whose centres lie in [x0, x1) × [y0, y1).
        func mean(x0: Double, y0: Double, x1: Double, y1: Double) -> [Double] {
            let xs = max(0, Int((x0 - 0.5).rounded(.up)))..<min(width, Int((x1 - 0.5).rounded(.up)))
            let ys = max(0, Int((y0 - 0.5).rounded(.up)))..<min(height, Int((y1 - 0.5).rounded(.up)))
            var sum = [0.0, 0.0, 0.0]
            for y in ys { for x in xs { for c in 0..<3 { sum[c] += Double(pixels[(y * width + x) * 3 + c]) } } }
            let n = Double(max(1, xs.count * ys.count))
            return sum.map { $0 / n }
        }

        /// The upright image for EXIF `orientation` (only 1 and 6 are needed here: mirrored and the
        /// other turns are compared through the thumbnails).
        func upright(_ orientation: Int) -> Picture {
            guard orientation == 6 else { return self }
            // EXIF 6: display (x, y) shows stored (y, h − 1 − x); display is h × w.
            var out = [UInt8](repeating: 0, count: pixels.count)
            for y in 0..<width { for x in 0..<height {
                let from = ((height - 1 - x) * width + y) * 3, to = (y * height + x) * 3
                out[to] = pixels[from]; out[to + 1] = pixels[from + 1]; out[to + 2] = pixels[from + 2]
            } }
            return Picture(width: height, height: width, pixels: out)
        }
    }

    /// The cell of grid position `index` in the picture, in device pixels.
    static func cellOrigin(_ index: Int) -> (x: Int, y: Int) { (396 * (index % 3), 396 * (index / 3)) }

    /// Points along the cell (cell-local pixel centres): 3 px inside each edge, and the centre lines.
    static let strips: [(name: String, points: [(Int, Int)])] = {
        let along = Array(stride(from: 2, to: 385, by: 6))
        return [("left edge", along.map { (3, $0) }), ("right edge", along.map { (383, $0) }),
                ("top edge", along.map { ($0, 3) }), ("bottom edge", along.map { ($0, 383) }),
                ("vertical centre line", along.map { (193, $0) }), ("horizontal centre line", along.map { ($0, 193) })]
    }()

    /// Compares the 5×5 patches of `picture` around each strip point of cell `index` with
    /// `expected(u, v)` (the mean colour the cell-local patch [u−2, u+3) × [v−2, v+3) should show);
    /// expects the mean absolute difference of each strip to be at most `tolerance`.
    static func expectCell(_ index: Int, of picture: Picture, _ label: String, tolerance: Double,
                           sourceLocation: SourceLocation = #_sourceLocation,
                           expected: (Double, Double, Double, Double) -> [Double]) {
        let origin = cellOrigin(index)
        for strip in strips {
            var total = 0.0
            for (u, v) in strip.points {
                let x = Double(origin.x + u), y = Double(origin.y + v)
                let shown = picture.mean(x0: x - 2, y0: y - 2, x1: x + 3, y1: y + 3)
                let wanted = expected(Double(u - 2), Double(v - 2), Double(u + 3), Double(v + 3))
                total += zip(shown, wanted).map { abs($0 - $1) }.reduce(0, +) / 3
            }
            let difference = total / Double(strip.points.count)
            #expect(difference <= tolerance, "\(label), cell \(index) (\(photos[index])), \(strip.name): mean difference \(difference)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Expects the cell to show the centre square of `photo` (upright), scaled to 387 px.
    static func expectCell(_ index: Int, of picture: Picture, showing photo: Picture, _ label: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let side = Double(min(photo.width, photo.height))
        let cx = (Double(photo.width) - side) / 2, cy = (Double(photo.height) - side) / 2, k = side / 387
        expectCell(index, of: picture, "\(label) vs the photo", tolerance: 8, sourceLocation: sourceLocation) { u0, v0, u1, v1 in
            photo.mean(x0: cx + u0 * k, y0: cy + v0 * k, x1: cx + u1 * k, y1: cy + v1 * k)
        }
    }

    /// Expects the cell to show `thumbnail` (387 px: one thumbnail pixel per device pixel).
    static func expectCell(_ index: Int, of picture: Picture, showingThumbnail thumbnail: Picture, _ label: String,
                           tolerance: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        expectCell(index, of: picture, "\(label) vs the thumbnail", tolerance: tolerance, sourceLocation: sourceLocation) { u0, v0, u1, v1 in
            thumbnail.mean(x0: u0, y0: v0, x1: u1, y1: v1)
        }
    }

    /// The spacing is white: the middle of the two 9 px column gaps and of the row gap, and the
    /// empty rows below the 6 cells.
    static func expectWhiteGaps(_ picture: Picture, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var points: [(Int, Int)] = []
        for y in stride(from: 0, to: 783, by: 7) { points += [(391, y), (787, y)] }
        for x in stride(from: 0, to: 1179, by: 7) { points += [(x, 391), (x, 1000), (x, 2270)] }
        let dark = points.filter { x, y in picture.mean(x0: Double(x), y0: Double(y), x1: Double(x + 1), y1: Double(y + 1)).contains { $0 < 235 } }
        #expect(dark.isEmpty, "\(label): not white at \(dark.prefix(5).map { "(\($0.0), \($0.1))" }) …",
                sourceLocation: sourceLocation)
    }

    /// A folder of the 6 photos with file times in grid order.
    static func makeFolder(in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, name) in photos.enumerated() {
            let target = folder.appendingPathComponent("\(index)-\(URL(fileURLWithPath: name).lastPathComponent)")
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(name), to: target)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 3600)],
                                                  ofItemAtPath: target.path)
        }
        return folder
    }

    /// The upright photo of grid position `index`, decoded here (orientation from the file).
    static func photo(_ index: Int) throws -> Picture {
        let url = Repository.sampleImages.appendingPathComponent(photos[index])
        return try Picture(url).upright(JPEGFrame.orientation([UInt8](Data(contentsOf: url))))
    }

    @Test func exportAndRenderShowTheThumbnailsAndThePhotos() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-picture")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try Self.makeFolder(in: directory)

        // The thumbnail path: export draws grid.jpg from its grid thumbnails.
        let out = directory.appendingPathComponent("gallery")
        let export = try PhotoGridBinary.run(["export", folder.path, "--out", out.path])
        #expect(export.status == 0, "\(export.stderr)")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("layout.json"))) as? [String: Any])
        let cells = try #require(layout["cells"] as? [[String: Any]])
        #expect(cells.compactMap { $0["path"] as? String } == Self.photos.enumerated().map { "\($0.offset)-\(URL(fileURLWithPath: $0.element).lastPathComponent)" })
        let thumbnails = try cells.map { try Picture(out.appendingPathComponent(try #require($0["thumbnail"] as? String))) }
        #expect(thumbnails.allSatisfy { $0.width == 387 && $0.height == 387 })
        let grid = try Picture(out.appendingPathComponent("grid.jpg"))
        #expect(grid.width == 1179 && grid.height == 2277)
        Self.expectWhiteGaps(grid, "grid.jpg")
        let uprightPhotos = try (0..<Self.photos.count).map(Self.photo)
        for index in 0..<Self.photos.count {
            Self.expectCell(index, of: grid, showingThumbnail: thumbnails[index], "grid.jpg", tolerance: 4)
            if index != 4 { Self.expectCell(index, of: grid, showing: uprightPhotos[index], "grid.jpg") }
        }

        // The photo path: a library without thumbnails, rendered from the photos.
        let database = directory.appendingPathComponent("plain.sqlite").path
        #expect(try PhotoGridBinary.run(["index", folder.path, "--db", database]).status == 0)
        let picture = directory.appendingPathComponent("render.jpg")
        let render = try PhotoGridBinary.run(["render", "--db", database, "--width", "393", "--height", "759",
                                              "--out", picture.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdoutText == "Rendered 6 cells into \(picture.path) (1179×2277 px).\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("thumbnails").path))
        let rendered = try Picture(picture)
        #expect(rendered.width == 1179 && rendered.height == 2277)
        Self.expectWhiteGaps(rendered, "render")
        for index in 0..<Self.photos.count {
            Self.expectCell(index, of: rendered, showingThumbnail: thumbnails[index], "render", tolerance: 8)
            if index != 4 { Self.expectCell(index, of: rendered, showing: uprightPhotos[index], "render") }
        }

        // Thumbnails recorded in another folder (`thumbs --out`): not in the default one, so the photos
        // are drawn (they were cells that failed to open, none drawn).
        let elsewhere = directory.appendingPathComponent("elsewhere")
        let thumbs = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "393", "--scale", "3",
                                              "--out", elsewhere.path])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        let again = try PhotoGridBinary.run(["render", "--db", database, "--width", "393", "--height", "759",
                                             "--out", picture.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "")
        #expect(again.stdoutText == "Rendered 6 cells into \(picture.path) (1179×2277 px).\n")
        let fromPhotos = try Picture(picture)
        for index in 0..<Self.photos.count where index != 4 {
            Self.expectCell(index, of: fromPhotos, showing: uprightPhotos[index], "render, thumbnails elsewhere")
        }
    }
}
