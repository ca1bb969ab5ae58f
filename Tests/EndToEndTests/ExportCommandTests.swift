import Foundation
import TestSupport
import Testing

/// `photogrid export SampleImages --out DIR`, the README's main command, on the built binary.
@Suite("photogrid export (binary)")
struct ExportCommandTests {
    /// Width and height from a JPEG's SOF marker (baseline, extended or progressive).
    func jpegSize(_ url: URL) throws -> (Int, Int)? {
        JPEGFrame.size([UInt8](try Data(contentsOf: url))).map { ($0.width, $0.height) }
    }

    @Test("export writes the library, thumbnails, layout.json and grid.jpg; a rerun does nothing")
    func export() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("gallery")
        let first = try PhotoGridBinary.run(["export", Repository.sampleImages.path, "--out", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdoutText.contains("26 added"))
        // 26 photos × (grid + detail) thumbnails.
        #expect(first.stdoutText.contains("52 made"))

        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("layout.json"))) as? [String: Any])
        let grid = try #require(layout["grid"] as? [String: Any])
        // Width 393: 3 columns of 129 at x 0/132/264; 26 cells → 9 rows: 9 × 129 + 8 × 3 = 1185.
        #expect(grid["columns"] as? [[String: Double]] == [["x": 0, "width": 129], ["x": 132, "width": 129], ["x": 264, "width": 129]])
        #expect(grid["rowCount"] as? Int == 9 && grid["contentHeight"] as? Double == 1185 && grid["count"] as? Int == 26)
        #expect(layout["viewport"] as? [String: Double] == ["width": 393, "height": 759, "offset": 0, "scale": 3])
        let cells = try #require(layout["cells"] as? [[String: Any]])
        #expect(cells.count == 26)
        for cell in cells {
            let index = try #require(cell["index"] as? Int)
            let frame = try #require(cell["frame"] as? [String: Double])
            // Row pitch 132: cell i at (132 × (i mod 3), 132 × (i div 3)).
            #expect(frame == ["x": Double(132 * (index % 3)), "y": Double(132 * (index / 3)), "width": 129, "height": 129])
            // The display size from the photo file itself (its SOF and EXIF orientation, read by the
            // test), and the crop is its centre square.
            let path = try #require(cell["path"] as? String)
            let display = try #require(JPEGFrame.displaySize([UInt8](Data(contentsOf: Repository.sampleImages.appendingPathComponent(path)))))
            let w = Double(display.width), h = Double(display.height)
            #expect(cell["pixelWidth"] as? Double == w && cell["pixelHeight"] as? Double == h, "\(path)")
            let side = min(w, h)
            #expect(cell["crop"] as? [String: Double] == ["x": (w - side) / 2, "y": (h - side) / 2, "width": side, "height": side])
            let thumbnail = try #require(cell["thumbnail"] as? String)
            #expect(thumbnail.hasPrefix("thumbnails/grid-387/"))
            // 129 pt × 3 = 387 px squares (every sample photo is at least 387 px on its short side).
            let size = try jpegSize(out.appendingPathComponent(thumbnail))
            #expect(size.map { [$0.0, $0.1] } == [387, 387], "\(thumbnail)")
        }
        // Hand-checked rows (SampleImages/SOURCES.md): storm-canon 1200×800 (the only photo with an EXIF
        // date, so first) → crop x 200; Portrait_6 stored 600×400, displayed 400×600 → crop y 100.
        #expect(cells[0]["path"] as? String == "storm-canon.jpg")
        #expect(cells[0]["crop"] as? [String: Double] == ["x": 200, "y": 0, "width": 800, "height": 800])
        let portrait6 = try #require(cells.first { $0["path"] as? String == "orientation/Portrait_6.jpg" })
        #expect(portrait6["pixelWidth"] as? Double == 400 && portrait6["pixelHeight"] as? Double == 600)
        #expect(portrait6["crop"] as? [String: Double] == ["x": 0, "y": 100, "width": 400, "height": 400])
        // Orientation 5 (transpose) swaps too: Landscape_5 stored 400×600 displays 600×400, Portrait_5
        // stored 600×400 displays 400×600 (exiftool: ImageWidth/ImageHeight, Orientation 5).
        let landscape5 = try #require(cells.first { $0["path"] as? String == "orientation/Landscape_5.jpg" })
        #expect(landscape5["pixelWidth"] as? Double == 600 && landscape5["pixelHeight"] as? Double == 400)
        #expect(landscape5["crop"] as? [String: Double] == ["x": 100, "y": 0, "width": 400, "height": 400])
        let portrait5 = try #require(cells.first { $0["path"] as? String == "orientation/Portrait_5.jpg" })
        #expect(portrait5["pixelWidth"] as? Double == 400 && portrait5["pixelHeight"] as? Double == 600)

        let picture = out.appendingPathComponent("grid.jpg")
        #expect(try jpegSize(picture).map { [$0.0, $0.1] } == [1179, 2277])   // 393 × 3, 759 × 3
        let pictureDate = try FileManager.default.attributesOfItem(atPath: picture.path)[.modificationDate] as? Date
        let layoutDate = try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("layout.json").path)[.modificationDate] as? Date

        let second = try PhotoGridBinary.run(["export", Repository.sampleImages.path, "--out", out.path])
        #expect(second.status == 0)
        #expect(second.stdoutText.contains("26 unchanged") && second.stdoutText.contains("0 made, 52 up to date"))
        #expect(second.stdoutText.contains("(unchanged)"))
        #expect(try FileManager.default.attributesOfItem(atPath: picture.path)[.modificationDate] as? Date == pictureDate)
        #expect(try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent("layout.json").path)[.modificationDate] as? Date == layoutDate)
    }

    /// The test's own EXIF/SOF reader agrees with exiftool on every sample photo (when exiftool is
    /// installed; `.ci/run` installs it).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool"))
    func displaySizesAgreeWithExiftool() throws {
        let run = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/exiftool"),
                                          ["-q", "-r", "-T", "-Directory", "-FileName", "-ImageWidth", "-ImageHeight", "-Orientation#", "."],
                                          in: Repository.sampleImages)
        #expect(run.status == 0)
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.count == 26)
        for line in lines {
            let fields = line.split(separator: "\t").map(String.init)
            let file = Repository.sampleImages.appendingPathComponent(fields[0]).appendingPathComponent(fields[1])
            let bytes = [UInt8](try Data(contentsOf: file))
            let orientation = Int(fields[4]) ?? 1   // "-" when the tag is absent
            #expect(JPEGFrame.orientation(bytes) == orientation, "\(fields[1])")
            #expect(JPEGFrame.size(bytes).map { "\($0.width) \($0.height)" } == "\(fields[2]) \(fields[3])", "\(fields[1])")
        }
    }

    @Test("bad export arguments: one line, exit 64; a missing folder: exit 1")
    func errors() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = try PhotoGridBinary.run(["export", Repository.sampleImages.path, "--out", dir.path, "--width", "0"])
        #expect(bad.status == 64 && bad.stderr.split(separator: "\n").count == 1)
        let missing = try PhotoGridBinary.run(["export", dir.appendingPathComponent("nope").path, "--out", dir.appendingPathComponent("o").path])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    }
}
