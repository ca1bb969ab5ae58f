import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `photogrid thumbs` run as a user would run it.
@Suite(.serialized) struct ThumbsCommandTests {
    static let summaryKeys: Set<String> = ["version", "folder", "variants", "photos", "made", "skipped", "errors",
                                           "removed", "seconds", "failures", "warnings"]

    /// The regular files of `folder`, hidden ones included.
    static func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Index SampleImages, then `thumbs --width 393 --scale 3`: a 387×387 file for each of the 26
    /// photos (all readable, all different), read back from the files' frame headers.
    @Test func sampleImagesGetGridThumbnailsOfTheCellSize() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-thumbs")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", Repository.sampleImages.path, "--db", database])
        #expect(index.status == 0)

        let run = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "393", "--scale", "3", "--json"])
        #expect(run.status == 0)
        #expect(run.stderr == "")  // not a terminal: no progress bar
        let summary = try run.json()
        #expect(Set(summary.keys) == Self.summaryKeys)
        #expect(summary["version"] as? Int == 1)
        #expect(summary["photos"] as? Int == 26)
        #expect(summary["made"] as? Int == 26)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["variants"] as? [String] == ["grid-387"])
        // Default folder: "thumbnails" next to the database.
        let folder = directory.appendingPathComponent("thumbnails")
        #expect(summary["folder"] as? String == folder.path)

        let grid = folder.appendingPathComponent("grid-387")
        let names = try Self.files(in: grid)
        #expect(names.count == 26)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: grid.appendingPathComponent(name)))
            #expect(JPEGFrame.isComplete(bytes), "\(name)")
            #expect(JPEGFrame.size(bytes).map { "\($0.width)×\($0.height)" } == "387×387", "\(name)")
        }
        #expect(try Self.files(in: folder) == [".lock", ".photogrid-library", "CACHEDIR.TAG", "grid-387"])

        // Again: nothing to do.
        let rerun = try PhotoGridBinary.run(["thumbs", "--db", database, "--json"])
        #expect(rerun.status == 0)
        let again = try rerun.json()
        #expect(again["made"] as? Int == 0 && again["skipped"] as? Int == 26 && again["errors"] as? Int == 0)

        // Text for people, and a detail variant (fit within 256: landscape 600×400 → 256×171).
        let text = try PhotoGridBinary.run(["thumbs", "--db", database, "--detail-size", "256"])
        #expect(text.status == 0)
        #expect(text.stdoutText.hasPrefix("Thumbnails (grid-387, detail-256) of 26 photos in \(folder.path) in "))
        #expect(text.stdoutText.hasSuffix(": 26 made, 26 up to date, 0 errors.\n"))
        let detail = folder.appendingPathComponent("detail-256")
        #expect(try Self.files(in: detail).count == 26)
    }

    /// Per-file errors are reported and stored, the run goes on, and the exit status is 0.
    @Test func badPhotosAreReportedAndTheRunCompletes() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-thumbs-bad")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let good = try Data(contentsOf: Repository.sampleImages.appendingPathComponent("orientation/Landscape_1.jpg"))
        try good.write(to: photos.appendingPathComponent("good.jpg"))
        try good.prefix(good.count / 2).write(to: photos.appendingPathComponent("cut short.jpg"))
        // Declares 60000×60000 in its frame header: the index refuses it as absurd (an error row).
        try Data(JPEGBytes.patchingSize([UInt8](good), width: 60000, height: 60000))
            .write(to: photos.appendingPathComponent("bomb.jpg"))
        try Data("not a JPEG".utf8).write(to: photos.appendingPathComponent("text.jpg"))
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)

        let run = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "100", "--scale", "1", "--json"])
        #expect(run.status == 0)
        let summary = try run.json()
        #expect(summary["photos"] as? Int == 2)  // good.jpg and cut short.jpg are indexed ok
        // The half-downloaded photo gets the thumbnail of what is there, with a warning.
        #expect(summary["made"] as? Int == 2)
        #expect(summary["errors"] as? Int == 0)
        let warnings = try #require(summary["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["path"] as? String == "cut short.jpg")
        #expect(warnings.first?["warning"] as? String
                == "truncated JPEG: the data ends before the image is complete (the rest is grey)")

        // A low pixel limit refuses the good photo, with a clear message. Its 50 px square (margin 2:
        // 100 decoded pixels a side) is decoded at 1/4, 150×100; the exact square, x 25…125, widened by
        // the filter's reach (2 × the shrink 100/50 + 1 = 5 pixels): x 20…130, y 0…100, 11,000 pixels.
        let limited = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "50", "--scale", "1",
                                               "--pixel-limit", "0.01"])
        #expect(limited.status == 0)
        #expect(limited.stdoutText.contains("good.jpg (grid-50): 600×400: decoding needs 11000 pixels, "
                                            + "more than the pixel limit of 10000\n"), "\(limited.stdoutText)")
    }

    /// A photo changed since it was indexed is refused, and the command line, not the library's message,
    /// says what to do: its text line ends with the advice, its JSON error names no command.
    @Test func aPhotoChangedSinceIndexingIsRefusedWithTheCommandLinesAdvice() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-thumbs-changed")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let photo = photos.appendingPathComponent("a.jpg")
        try Data(contentsOf: Repository.sampleImages.appendingPathComponent("orientation/Landscape_1.jpg")).write(to: photo)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let handle = try FileHandle(forWritingTo: photo)  // a byte more: not the indexed file
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let thumbs = ["thumbs", "--db", database, "--width", "100", "--scale", "1"]
        let text = try PhotoGridBinary.run(thumbs)
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("a.jpg (grid-100): changed since it was indexed (run `photogrid index` again)\n"), "\(text.stdoutText)")
        let json = try PhotoGridBinary.run(thumbs + ["--json"])
        let failures = try #require(try json.json()["failures"] as? [[String: Any]])
        #expect(failures.first?["error"] as? String == "changed since it was indexed", "\(failures)")
    }

    @Test func usageAndFatalErrors() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-thumbs-errors")
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in [["--width", "0"], ["--scale", "0"], ["--jobs", "0"], ["--detail-size", "0"],
                          ["--pixel-limit", "0"]] {
            let run = try PhotoGridBinary.run(["thumbs"] + arguments, in: directory)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.stderr.hasPrefix("photogrid: error: ") && run.stderr.filter { $0 == "\n" }.count == 1,
                    "\(arguments): \(run.stderr)")
        }
        let missing = try PhotoGridBinary.run(["thumbs", "--db", "none.sqlite"], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("photogrid: error: no photo database at none.sqlite"))
        #expect(missing.stderr.filter { $0 == "\n" }.count == 1)
        // A failed run leaves no thumbnail folder behind.
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("thumbnails").path))
    }
    // Killed runs: AtomicThumbnailWriteTests.
}

/// Just enough JPEG structure for the end-to-end tests, written apart from the product's probe so
/// that expected values come from the files, not from the code under test: the frame header's size,
/// the EXIF orientation, whether a file ends with EOI, and rewriting markers.
enum JPEGFrame {
    /// Width and height from the first SOFn marker, walking the marker segments from SOI.
    static func size(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return (Int(bytes[i + 7]) << 8 | Int(bytes[i + 8]), Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }

    /// The EXIF orientation (tag 0x0112 of IFD0 in the first `Exif` APP1 segment), 1 when absent.
    static func orientation(_ bytes: [UInt8]) -> Int {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var i = 2
        while i + 4 < bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let end = min(bytes.count, i + 2 + length)
            if bytes[i + 1] == 0xE1, end - i > 18, Array(bytes[(i + 4)..<(i + 10)]) == Array("Exif".utf8) + [0, 0] {
                let tiff = Array(bytes[(i + 10)..<end])
                let little = tiff[0] == 0x49
                func number(_ at: Int, _ size: Int) -> Int? {
                    guard at >= 0, at + size <= tiff.count else { return nil }
                    let field = tiff[at..<(at + size)]
                    return (little ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
                }
                guard let ifd = number(4, 4), let entries = number(ifd, 2) else { return 1 }
                for entry in 0..<entries {
                    let at = ifd + 2 + 12 * entry
                    if number(at, 2) == 0x0112 { return number(at + 8, 2) ?? 1 }
                }
                return 1
            }
            i += 2 + length
        }
        return 1
    }

    /// The displayed size: the frame's size, width and height exchanged for EXIF orientations 5–8.
    static func displaySize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let stored = size(bytes) else { return nil }
        return orientation(bytes) >= 5 ? (stored.height, stored.width) : stored
    }

    /// Starts with SOI and ends with EOI: not cut short.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        bytes.count > 4 && bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9]
    }

    /// `bytes` with a COM segment holding `text` right after SOI.
    static func withComment(_ text: String, _ bytes: [UInt8]) -> [UInt8] {
        let payload = Array(text.utf8)
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + bytes.dropFirst(2)
    }
}
