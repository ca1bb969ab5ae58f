import TestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Resource bounds of `photogrid index` on a folder of many tiny photos: the run completes, every
/// photo gets a row, and peak memory stays within a bound that grows slowly with the file count.
///
/// 10,000 files always (CI; a few seconds); 100,000 only with `PHOTOGRID_SLOW_TESTS=1` (about a minute).
@Suite struct LargeFolderTests {
    static let slowTestsEnabled = ProcessInfo.processInfo.environment["PHOTOGRID_SLOW_TESTS"] == "1"

    /// Peak resident memory allowed for `count` files: 60 MiB (the process, SQLite's cache, the
    /// binary) plus 1.4 KiB per file (the walk's list of path + size + mtime, the plan, the mapped
    /// database pages: measured about 0.65 KiB per file) — 74 MiB at 10,000 files, 197 MiB at
    /// 100,000. Keeping the 64 KiB header read of every file would exceed it many times over.
    static func peakResidentBytesLimit(files count: Int) -> Int {
        60 * 1024 * 1024 + count * 1434
    }

    static func measure(_ arguments: [String]) throws -> ProcessRunner.ChildUsage {
        try ProcessRunner.measure(PhotoGridBinary.url.path, arguments)
    }

    @Test func indexingTenThousandTinyPhotosKeepsMemoryBounded() throws {
        try indexTinyPhotos(10_000)
    }

    @Test(.enabled(if: slowTestsEnabled, "set PHOTOGRID_SLOW_TESTS=1 to index 100,000 files"))
    func indexingOneHundredThousandTinyPhotosKeepsMemoryBounded() throws {
        try indexTinyPhotos(100_000)
    }

    /// Indexes `photoCount` different 8×8 photos (folders of 1,000), then rescans them, under the bound.
    func indexTinyPhotos(_ photoCount: Int) throws {
        let limit = Self.peakResidentBytesLimit(files: photoCount)
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-large-folder")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        // Folders of 1,000 different 8×8 photos (a numbered COM segment each).
        for folder in 0..<(photoCount / 1000) {
            let url = photos.appendingPathComponent(String(format: "%03d", folder))
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for item in 0..<1000 {
                let number = folder * 1000 + item
                try Data(TinyJPEG.numbered(number)).write(to: url.appendingPathComponent("p\(number).jpg"))
            }
        }
        let database = directory.appendingPathComponent("library.sqlite").path

        let first = try Self.measure(["index", photos.path, "--db", database])
        print("index of \(photoCount) new files: \(String(format: "%.1f", first.seconds)) s, "
              + "peak RSS \(first.peakResidentBytes / 1024 / 1024) MiB")
        #expect(first.status == 0)
        #expect(first.peakResidentBytes < limit)

        let rescan = try Self.measure(["index", photos.path, "--db", database])
        print("rescan of \(photoCount) unchanged files: \(String(format: "%.1f", rescan.seconds)) s, "
              + "peak RSS \(rescan.peakResidentBytes / 1024 / 1024) MiB")
        #expect(rescan.status == 0)
        #expect(rescan.peakResidentBytes < limit)

        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(stats.status == 0)
        #expect(stats.stdoutText.contains(try Regex("(?m)^Integrity: +ok$")))
        let count = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        #expect(count.status == 0)
        let rows = count.stdoutText.components(separatedBy: "\"path\"").count - 1
        #expect(rows == photoCount)
    }
}
