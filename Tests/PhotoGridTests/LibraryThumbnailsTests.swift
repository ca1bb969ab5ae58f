import Foundation
import Imaging
import JPEG
@testable import PhotoGrid
@testable import photogrid
import PhotoLibrary
import SQLiteLibrary
import Testing
import Thumbnails

/// `photogrid thumbs` through the PhotoGrid facade: sizes from the grid, skipping, staleness,
/// shared files, per-photo errors, cleanup.
@Suite struct LibraryThumbnailsTests {
    // MARK: - The request

    /// Cell side × scale, the cell side being the adaptive column of `adaptive:100/3`:
    /// n = ⌊(W + 3) / 103⌋ columns of (W − 3(n − 1)) / n points.
    /// 393: n = 3, (393 − 6) / 3 = 129 → ×3 = 387; ×2 = 258.
    /// 400: n = 3, 394 / 3 = 131.33… → ×3 = 394 (exactly 394: no extra pixel from rounding noise).
    /// 1000: n = 9, 976 / 9 = 108.44… → ×3 = 325.33 → 326 (rounded up: never fewer pixels than the cell).
    /// 100: n = 1, 100 → ×1 = 100.
    @Test func gridPixelsFollowTheLayout() throws {
        #expect(try ThumbnailRequest(width: 393, scale: 3).gridPixels() == 387)
        #expect(try ThumbnailRequest(width: 393, scale: 2).gridPixels() == 258)
        #expect(try ThumbnailRequest(width: 400, scale: 3).gridPixels() == 394)
        #expect(try ThumbnailRequest(width: 1000, scale: 3).gridPixels() == 326)
        #expect(try ThumbnailRequest(width: 100, scale: 1).gridPixels() == 100)
        #expect(try ThumbnailRequest(width: 393, scale: 3, detailSize: 1024).variants().map(\.name)
                == ["grid-387", "detail-1024"])
    }

    @Test func defaultFolderIsNextToTheDatabase() {
        #expect(ThumbnailRequest().folder(for: .sqliteFile("photogrid.sqlite")) == "thumbnails")
        #expect(ThumbnailRequest().folder(for: .sqliteFile("/data/lib.sqlite")) == "/data/thumbnails")
        #expect(ThumbnailRequest().folder(for: .sqliteFile("dir/x.sqlite")) == "dir/thumbnails")
        #expect(ThumbnailRequest(folder: "elsewhere").folder(for: .sqliteFile("/data/lib.sqlite")) == "elsewhere")
    }

    /// A bad value is named as the library knows it (`width must …`); the command line adds the dashes
    /// of its flag (`--width must …`).
    @Test func badNumbersAreUsageErrorsNamingTheValue() {
        let cases: [(ThumbnailRequest, String)] = [
            (ThumbnailRequest(width: 0), "--width"), (ThumbnailRequest(width: .nan), "--width"),
            (ThumbnailRequest(scale: 0), "--scale"), (ThumbnailRequest(scale: 17), "--scale"),
            (ThumbnailRequest(detailSize: 0), "--detail-size"), (ThumbnailRequest(jobs: 0), "--jobs"),
            (ThumbnailRequest(pixelLimit: 0), "--pixel-limit"),
        ]
        for (request, flag) in cases {
            #expect(throws: UsageError.self) { _ = try request.variants() }
            do {
                _ = try request.variants()
            } catch {
                #expect(error.parameter.map { "--" + $0 } == flag, "\(error)")
                #expect(error.description.hasPrefix(flag.dropFirst(2) + " "), "\(error)")
                #expect(error.message(naming: { "--" + $0 }).hasPrefix(flag + " "), "\(error)")
            }
        }
    }

    // MARK: - Runs

    /// A folder of photos and a database beside it.
    final class Library {
        let base: URL
        var photos: URL { base.appendingPathComponent("photos") }
        var database: String { base.appendingPathComponent("library.sqlite").path }
        var thumbnails: String { base.appendingPathComponent("thumbnails").path }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("LibraryThumbnailsTests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: base.appendingPathComponent("photos"), withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: base) }

        func write(_ bytes: [UInt8], to name: String) throws {
            try Data(bytes).write(to: photos.appendingPathComponent(name))
        }

        func index() throws { _ = try LibraryIndexing.index(folder: photos.path, database: .sqliteFile(database)) }

        func thumbs(_ request: ThumbnailRequest = ThumbnailRequest(width: 100, scale: 1)) throws -> ThumbnailsSummary {
            try LibraryThumbnails.make(database: .sqliteFile(database), request: request).summary
        }

        /// The files of a variant folder, sorted.
        func files(_ variant: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: thumbnails + "/" + variant).sorted()
        }

        func photo(_ path: String) throws -> Photo? {
            try SQLiteStore(path: database, mode: .existing).photos().first { $0.path == path }
        }

        func records(_ variant: String) throws -> [Int64: ThumbnailRecord] {
            try SQLiteStore(path: database, mode: .existing).thumbnailRecords(variant: variant)
        }
    }

    /// A `width` × `height` JPEG with a gradient (its content depends on `seed`).
    static func photo(width: Int, height: Int, seed: Int = 0, orientation: Int = 1) throws -> [UInt8] {
        let image = try PixelBuffer(width: width, height: height) { x, y in
            RGB(red: UInt8((x + seed) & 255), green: UInt8((y * 2) & 255), blue: UInt8((seed * 40) & 255))
        }
        let jpeg = try JPEGEncoder.encode(rgb: image.bytes, width: width, height: height)
        guard orientation != 1 else { return jpeg }
        // EXIF APP1: "Exif\0\0", little-endian TIFF, IFD0 with Orientation (0x0112, SHORT, 1).
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0,
                             UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        return Array(jpeg[..<2]) + [0xFF, 0xE1, 0, UInt8(payload.count + 2)] + payload + Array(jpeg[2...])
    }

    /// The stored size in the frame header of a written thumbnail.
    static func size(_ path: String) throws -> String {
        let header = try JPEGHeader.probe(path: path).header
        return "\(header.storedWidth)×\(header.storedHeight)"
    }

    @Test func firstRunMakesEverythingThenRerunsSkip() throws {
        let library = try Library()
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "a.jpg")
        try library.write(try Self.photo(width: 240, height: 160, seed: 2, orientation: 6), to: "b.jpg")
        try library.write(try Self.photo(width: 90, height: 120, seed: 3), to: "small.jpg")
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "copy-of-a.jpg")
        let whole = try Self.photo(width: 240, height: 160, seed: 4)
        try library.write(Array(whole[..<(whole.count / 2)]), to: "cut.jpg")  // header fine, data cut
        try library.write(Array("not a photo".utf8), to: "text.jpg")         // an index error row
        try library.index()

        let request = ThumbnailRequest(width: 100, scale: 1, detailSize: 64)
        let first = try library.thumbs(request)
        // 5 photos with status ok (text.jpg is an index error) × 2 variants; cut.jpg's are made from
        // the data there is, with a warning each (in path, then variant order).
        #expect(first.photos == 5)
        #expect(first.made == 10 && first.skipped == 0 && first.errors == 0)
        let truncated = "truncated JPEG: the data ends before the image is complete (the rest is grey)"
        let cut = try #require(try library.photo("cut.jpg"))
        let warnings = [ThumbnailsSummary.Warning(id: cut.id, path: "cut.jpg", variant: "detail-64", warning: truncated),
                        ThumbnailsSummary.Warning(id: cut.id, path: "cut.jpg", variant: "grid-100", warning: truncated)]
        #expect(first.warnings == warnings)
        #expect(first.variants == ["grid-100", "detail-64"])

        // a.jpg and copy-of-a.jpg have the same bytes: one file each variant, two records.
        let grid = try library.records("grid-100")
        let a = try #require(try library.photo("a.jpg")), copy = try #require(try library.photo("copy-of-a.jpg"))
        guard case .success(let fileA) = grid[a.id]?.outcome, case .success(let fileCopy) = grid[copy.id]?.outcome else {
            Issue.record("no grid records for a.jpg and its copy")
            return
        }
        #expect(fileA.path == fileCopy.path && fileA.path == "grid-100/\(a.contentKey ?? "").jpg")
        #expect(try library.files("grid-100").count == 4)
        #expect(try library.files("detail-64").count == 4)
        // The warning is recorded with the thumbnail.
        guard case .success(let cutFile) = grid[cut.id]?.outcome else {
            Issue.record("no grid record for cut.jpg")
            return
        }
        #expect(cutFile.warning == truncated)
        #expect(fileA.warning == nil)

        // Sizes, read back from the files: the grid is 100 px squares except small.jpg, which is
        // not enlarged (90 px: its short side). Details fit within 64: 240×160 → 64×43 (round 42.67);
        // b.jpg is shown turned (EXIF 6) → 43×64; small.jpg 90×120 → 48×64.
        let b = try #require(try library.photo("b.jpg")), small = try #require(try library.photo("small.jpg"))
        let store = try SQLiteStore(path: library.database, mode: .existing)
        let gridPaths = try store.thumbnailPaths(variant: "grid-100"), detailPaths = try store.thumbnailPaths(variant: "detail-64")
        func check(_ paths: [Int64: String], _ id: Int64, _ expected: String) throws {
            let relative = try #require(paths[id])
            #expect(try Self.size(library.thumbnails + "/" + relative) == expected)
        }
        try check(gridPaths, a.id, "100×100")
        try check(gridPaths, b.id, "100×100")
        try check(gridPaths, small.id, "90×90")
        try check(detailPaths, a.id, "64×43")
        try check(detailPaths, b.id, "43×64")
        try check(detailPaths, small.id, "48×64")

        // Rerun: everything made is up to date, and the recorded warnings are listed again.
        let second = try library.thumbs(request)
        #expect(second.made == 0 && second.skipped == 10 && second.errors == 0 && second.removed == 0)
        #expect(second.warnings == warnings)
    }

    @Test func missingOrDamagedFilesAreMadeAgain() throws {
        let library = try Library()
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "a.jpg")
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "copy.jpg")
        try library.write(try Self.photo(width: 200, height: 200, seed: 2), to: "b.jpg")
        try library.index()
        #expect(try library.thumbs().made == 3)
        let a = try #require(try library.photo("a.jpg")), b = try #require(try library.photo("b.jpg"))
        let aFile = library.thumbnails + "/grid-100/\(a.contentKey ?? "").jpg"
        let bFile = library.thumbnails + "/grid-100/\(b.contentKey ?? "").jpg"

        // a's file is shared with its copy: deleting it makes both stale, made again by one job.
        try FileManager.default.removeItem(atPath: aFile)
        // b's file is cut short (what a power loss after the rename could leave): another byte size.
        let bBytes = try Data(contentsOf: URL(fileURLWithPath: bFile))
        try bBytes.prefix(10).write(to: URL(fileURLWithPath: bFile))
        let rerun = try library.thumbs()
        #expect(rerun.made == 3 && rerun.skipped == 0 && rerun.errors == 0)
        #expect(try Self.size(aFile) == "100×100")
        #expect(try Data(contentsOf: URL(fileURLWithPath: bFile)) == bBytes)
    }

    @Test func changedPhotoGetsANewFileAndTheOldOneIsRemoved() throws {
        let library = try Library()
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "a.jpg")
        try library.write(try Self.photo(width: 240, height: 160, seed: 2), to: "b.jpg")
        try library.index()
        #expect(try library.thumbs().made == 2)
        let before = try library.files("grid-100")

        // a.jpg is edited (another photo, another size in bytes) and re-indexed.
        try library.write(try Self.photo(width: 320, height: 160, seed: 9), to: "a.jpg")
        try library.index()
        let rerun = try library.thumbs()
        #expect(rerun.made == 1 && rerun.skipped == 1 && rerun.removed == 1)
        let after = try library.files("grid-100")
        #expect(after.count == 2 && Set(after).intersection(before).count == 1)

        // Edited but not re-indexed: the thumbnail still matches the index, so it is kept…
        try library.write(try Self.photo(width: 320, height: 160, seed: 10), to: "b.jpg")
        let notIndexed = try library.thumbs()
        #expect(notIndexed.made == 0 && notIndexed.skipped == 2)
        // …and if it has to be made again, the file is refused as changed since indexing.
        try FileManager.default.removeItem(atPath: library.thumbnails + "/grid-100/" + (try #require(
            try library.files("grid-100").first { name in name.hasPrefix("\(try library.photo("b.jpg")?.fileSize ?? 0)-") })))
        let refused = try library.thumbs()
        #expect(refused.errors == 1 && refused.failures.first?.error.contains("changed since it was indexed") == true)
        // What to do is the front end's to say: the message names no command, the remedy says "index again".
        #expect(refused.failures.first?.error.contains("photogrid") == false && refused.failures.first?.remedy == .indexAgain)
    }

    /// A header declaring 20000×20000 (400 MP) in a 64×64 photo's few kilobytes passes the index (its
    /// limit is 1 GP: absurd sizes only). Its grid thumbnail would decode at 1/8, 2500² = 6,250,000
    /// pixels, within the default pixel limit, so the decoder reads the header and refuses the file
    /// as a decompression bomb: 4:2:0 at that size is 2500² luma + 2 × 1250² chroma = 9,375,000
    /// blocks, which need at least 9,375,000 bits. A limit below 6,250,000 refuses it from the indexed
    /// size instead, before the file is opened. Each refusal is recorded and the run goes on.
    @Test func photoAboveThePixelLimitIsRefusedAndRecorded() throws {
        let library = try Library()
        try library.write(try Self.photo(width: 64, height: 64, seed: 1), to: "fine.jpg")
        var huge = try Self.photo(width: 64, height: 64, seed: 2)
        // SOF0 after SOI, DQT…: patch its height and width (bytes 5–8 of the segment) to 20000.
        var i = 2
        while i + 9 < huge.count, huge[i] == 0xFF, huge[i + 1] != 0xC0 { i += 2 + (Int(huge[i + 2]) << 8 | Int(huge[i + 3])) }
        #expect(huge[i + 1] == 0xC0)
        huge[i + 5] = 0x4E; huge[i + 6] = 0x20; huge[i + 7] = 0x4E; huge[i + 8] = 0x20  // 0x4E20 = 20000
        try library.write(huge, to: "huge.jpg")
        try library.index()
        #expect(try library.photo("huge.jpg")?.storedWidth == 20000)
        let id = try #require(try library.photo("huge.jpg")).id

        let summary = try library.thumbs()
        #expect(summary.photos == 2 && summary.made == 1 && summary.errors == 1)
        #expect(summary.failures.first?.path == "huge.jpg")
        let bomb = "20000×20000 declared in \(huge.count) bytes, less than one bit per 8×8 block (9375000 blocks): "
            + "a decompression bomb or a file cut short"
        #expect(summary.failures.first?.error == bomb)
        #expect(try library.records("grid-100")[id]?.outcome == .failure(ThumbnailFailure(bomb)))

        let limited = try library.thumbs(ThumbnailRequest(width: 100, scale: 1, pixelLimit: 6_249_999))
        let refused = "20000×20000: decoding needs 6250000 pixels, more than the pixel limit of 6249999"
        #expect(limited.errors == 1 && limited.failures.first?.error == refused)
        #expect(try library.records("grid-100")[id]?.outcome == .failure(ThumbnailFailure(refused)))
    }

    @Test func gridThumbnailPathsForExport() throws {
        let library = try Library()
        try library.write(try Self.photo(width: 240, height: 160, seed: 1), to: "a.jpg")
        try library.write(Array(try Self.photo(width: 240, height: 160, seed: 2).prefix(400)), to: "cut.jpg")
        try library.index()
        let grid = try LibraryThumbnails.gridThumbnails(library: try PhotoGrid.Library.open(LibraryLocation(library.database)), request: ThumbnailRequest(width: 100, scale: 1))
        #expect(grid.variant == "grid-100" && grid.pixels == 100 && grid.folder == library.thumbnails)
        let a = try #require(try library.photo("a.jpg"))
        let path = try #require(grid.path(for: a.id))
        #expect(try Self.size(path) == "100×100")
        // The header is whole, the data barely started: a grey thumbnail, with a warning.
        let cut = try #require(try library.photo("cut.jpg"))
        #expect(grid.path(for: cut.id) != nil)
        #expect(grid.report.summary.made == 2 && grid.report.summary.warnings.map(\.path) == ["cut.jpg"])
    }

    @Test func fatalErrors() throws {
        let library = try Library()
        #expect(throws: LibraryThumbnailsError.library(.noDatabase(path: library.database))) {
            _ = try library.thumbs()
        }
        try library.write(try Self.photo(width: 64, height: 64), to: "a.jpg")
        try library.index()
        try Data([1]).write(to: URL(fileURLWithPath: library.thumbnails))  // a file where the folder goes
        #expect(throws: LibraryThumbnailsError.folder(.system(call: "mkdir", path: library.thumbnails, errno: ENOTDIR))) {
            _ = try library.thumbs()
        }
    }

    @Test func failureMessagesLeaveOutThePath() {
        #expect(LibraryThumbnails.message(.notARegularFile(path: "a b.jpg"), path: "a b.jpg")
                == "is not a regular file")
        #expect(LibraryThumbnails.message(.sourceChanged(path: "x.jpg"), path: "x.jpg") == "changed since it was indexed")
        #expect(LibraryThumbnails.message(.image(.overPixelLimit(width: 9, height: 9, limit: 80)), path: "x.jpg")
                == "9×9 exceeds the pixel limit of 80")
    }

    @Test func summaryDocumentAndText() throws {
        var summary = ThumbnailsSummary(folder: "thumbnails", variants: ["grid-387"], photos: 3)
        summary.made = 2
        summary.seconds = 1.23456
        summary.failures = [.init(id: 7, path: "bad\nname.jpg", variant: "grid-387", error: "truncated JPEG")]
        let report = ThumbnailsReport(database: "photogrid.sqlite", summary: summary)
        #expect(report.json == """
            {"errors":1,"failures":[{"error":"truncated JPEG","id":7,"path":"bad\\nname.jpg","variant":"grid-387"}],\
            "folder":"thumbnails","made":2,"photos":3,"removed":0,"seconds":1.235,"skipped":0,"variants":["grid-387"],"version":1,\
            "warnings":[]}
            """)
        #expect(report.text == """
            Thumbnails (grid-387) of 3 photos in thumbnails in 1.235 s: 2 made, 0 up to date, 1 error:
              bad\\nname.jpg (grid-387): truncated JPEG

            """)
    }
}
