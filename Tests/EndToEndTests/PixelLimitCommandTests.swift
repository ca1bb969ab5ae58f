import Foundation
import TestSupport
import Testing

/// `--pixel-limit` on `export` as on `thumbs`: a per-photo refusal that names what was counted.
@Suite struct PixelLimitCommandTests {
    /// storm-canon (1200×800) as a 387 px grid square (margin 2: 774 decoded pixels a side) is decoded
    /// at 1/1; the exact square, x 200…1000, widened by the filter's reach (2 × the shrink 800/387 + 1
    /// = 5.13 pixels): x 194…1006, y 0…800, 812 × 800 = 649,600 pixels.
    @Test func exportTakesThePixelLimit() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-export-limit")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("storm-canon.jpg"),
                                         to: photos.appendingPathComponent("storm-canon.jpg"))
        let out = directory.appendingPathComponent("export").path
        let limited = try PhotoGridBinary.run(["export", photos.path, "--out", out, "--pixel-limit", "0.01"])
        #expect(limited.status == 0, "\(limited.stderr)")
        #expect(limited.stdoutText.contains("Thumbnails (grid-387, detail-2277): 0 made, 0 up to date, 2 failed.\n"))
        #expect(limited.stdoutText.contains("  storm-canon.jpg (grid-387): 1200×800: decoding needs 649600 pixels, "
                                            + "more than the pixel limit of 10000\n"), "\(limited.stdoutText)")
        let usage = try PhotoGridBinary.run(["export", photos.path, "--out", out, "--pixel-limit", "0"])
        #expect(usage.status == 64)
        #expect(usage.stderr == "photogrid: error: --pixel-limit must be greater than 0 and at most 1,000,000 megapixels (got 0.0)\n")
    }

    /// libjpeg's memory manager is bounded by the pixel limit, not by `$JPEGMEM`: with `JPEGMEM=1`
    /// (1,000 bytes) libjpeg alone refuses every whole-image coefficient buffer ("Backing store not
    /// supported"): a progressive photo's when decoding, and every thumbnail's when encoding with
    /// optimized Huffman tables. The decoder sets the bound itself; the encoder sets none (its
    /// buffers follow the pixels it was given).
    @Test func libjpegMemoryBoundComesFromThePixelLimit() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-jpegmem")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"),
                                         to: photos.appendingPathComponent("sunset.jpg"))  // progressive
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let run = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "100", "--scale", "1"],
                                          environment: ["JPEGMEM": "1"])
        #expect(run.status == 0)
        #expect(run.stdoutText.hasSuffix(": 1 made, 0 up to date, 0 errors.\n"), "\(run.stdoutText)")
    }
}
