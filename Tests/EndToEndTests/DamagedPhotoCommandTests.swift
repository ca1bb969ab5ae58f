import Foundation
import TestSupport
import Testing

/// Damaged photos through the binary: `thumbs` makes their thumbnails and reports what was wrong,
/// `render` draws them the same way and says the same, both exit 0.
@Suite struct DamagedPhotoCommandTests {
    static let truncated = "truncated JPEG: the data ends before the image is complete (the rest is grey)"
    static let noEOI = "the JPEG data ends without an end-of-image marker"
    static let corrupt = "corrupt JPEG data, decoded anyway (libjpeg: Corrupt JPEG data: premature end of data segment)"

    /// A folder of sample photos (landscape: each grid thumbnail decodes every row), damaged:
    /// dragonfly cut in half, aitzgorri without its EOI marker, umang with an EOI marker written over
    /// its data 2,000 bytes before the end, storm-canon with 4 KB of garbage after its EOI.
    static func damagedFolder(in directory: URL) throws -> URL {
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        func sample(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: Repository.sampleImages.appendingPathComponent(name)))
        }
        let dragonfly = try sample("dragonfly.jpg")
        try Data(dragonfly.prefix(dragonfly.count / 2)).write(to: photos.appendingPathComponent("cut.jpg"))
        try Data(try sample("aitzgorri.jpg").dropLast(2)).write(to: photos.appendingPathComponent("no-eoi.jpg"))
        var umang = try sample("umang.jpg")
        umang.replaceSubrange(umang.count - 2000..<umang.count - 1996, with: [0xFF, 0xD9, 0xFF, 0xD9])
        try Data(umang).write(to: photos.appendingPathComponent("corrupt.jpg"))
        try Data(try sample("storm-canon.jpg") + [UInt8](repeating: 0x47, count: 4096))
            .write(to: photos.appendingPathComponent("trailing.jpg"))
        return photos
    }

    @Test func thumbsAndRenderDrawDamagedPhotosAndSayWhy() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-damaged")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = try Self.damagedFolder(in: directory)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let grid = ["--width", "393", "--scale", "1"]

        // render before thumbs draws the cells from the photos.
        let picture = directory.appendingPathComponent("grid.jpg").path
        let before = try PhotoGridBinary.run(["render", "--db", database, "--height", "300", "--out", picture] + grid)
        #expect(before.status == 0)
        #expect(before.stdoutText == "Rendered 4 cells into \(picture) (393×300 px).\n")
        let warnings = Self.warningLines(before.stderr)
        #expect(warnings == ["(corrupt.jpg): \(Self.corrupt)", "(cut.jpg): \(Self.truncated)", "(no-eoi.jpg): \(Self.noEOI)"],
                "\(before.stderr)")

        let thumbs = try PhotoGridBinary.run(["thumbs", "--db", database, "--json"] + grid)
        #expect(thumbs.status == 0)
        let summary = try thumbs.json()
        #expect(summary["made"] as? Int == 4 && summary["errors"] as? Int == 0)
        let listed = try #require(summary["warnings"] as? [[String: Any]])
        #expect(listed.map { "\($0["path"] as? String ?? "")|\($0["variant"] as? String ?? "")|\($0["warning"] as? String ?? "")" }
                == ["corrupt.jpg|grid-129|\(Self.corrupt)", "cut.jpg|grid-129|\(Self.truncated)", "no-eoi.jpg|grid-129|\(Self.noEOI)"])
        let grid129 = directory.appendingPathComponent("thumbnails/grid-129")
        let files = try FileManager.default.contentsOfDirectory(atPath: grid129.path).filter { $0.hasSuffix(".jpg") }
        #expect(files.count == 4)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: grid129.appendingPathComponent(file)))
            #expect(JPEGFrame.isComplete(bytes) && JPEGFrame.size(bytes).map { "\($0.width)×\($0.height)" } == "129×129")
        }

        // The text summary, and again on a rerun (the thumbnails are up to date, the warnings recorded).
        let text = try PhotoGridBinary.run(["thumbs", "--db", database] + grid)
        #expect(text.status == 0)
        #expect(text.stdoutText.hasSuffix("""
            : 0 made, 4 up to date, 0 errors, 3 with warnings:
              corrupt.jpg (grid-129): warning: \(Self.corrupt)
              cut.jpg (grid-129): warning: \(Self.truncated)
              no-eoi.jpg (grid-129): warning: \(Self.noEOI)

            """), "\(text.stdoutText)")

        // render after thumbs draws from the thumbnails and names the same damage.
        let after = try PhotoGridBinary.run(["render", "--db", database, "--height", "300", "--out", picture] + grid)
        #expect(after.status == 0)
        #expect(Self.warningLines(after.stderr) == warnings, "\(after.stderr)")
    }

    /// `photogrid: warning: cell N (name): …` lines without their prefix and cell number, sorted.
    static func warningLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("photogrid: warning: cell "), let open = line.firstIndex(of: "(") else { return nil }
            return String(line[open...])
        }.sorted()
    }
}
