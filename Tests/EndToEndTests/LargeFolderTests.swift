import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Resource bounds of `photogrid index` on a folder of 100,000 tiny photos: the run completes, every
/// photo gets a row, and peak memory stays flat (it does not grow with one copy of every file).
///
/// Slow (about a minute): runs only with `PHOTOGRID_SLOW_TESTS=1`.
@Suite struct LargeFolderTests {
    static let slowTestsEnabled = ProcessInfo.processInfo.environment["PHOTOGRID_SLOW_TESTS"] == "1"
    static let photoCount = 100_000
    /// Peak resident memory allowed: 200 MiB. The database rows of 100,000 photos, the walk's list
    /// (path + size + mtime) and the plan are tens of MB; a leak of one decoded header or one file
    /// read per photo would pass it.
    static let peakResidentBytesLimit = 200 * 1024 * 1024

    static func measure(_ arguments: [String]) throws -> ProcessRunner.ChildUsage {
        try ProcessRunner.measure(PhotoGridBinary.url.path, arguments)
    }

    @Test(.enabled(if: slowTestsEnabled, "set PHOTOGRID_SLOW_TESTS=1 to index 100,000 files"))
    func indexingOneHundredThousandTinyPhotosKeepsMemoryFlat() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-100k")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        // 100 folders of 1,000 different 8×8 photos (a numbered COM segment each).
        for folder in 0..<(Self.photoCount / 1000) {
            let url = photos.appendingPathComponent(String(format: "%03d", folder))
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for item in 0..<1000 {
                let number = folder * 1000 + item
                try Data(TinyJPEG.numbered(number)).write(to: url.appendingPathComponent("p\(number).jpg"))
            }
        }
        let database = directory.appendingPathComponent("library.sqlite").path

        let first = try Self.measure(["index", photos.path, "--db", database])
        print("index of \(Self.photoCount) new files: \(String(format: "%.1f", first.seconds)) s, "
              + "peak RSS \(first.peakResidentBytes / 1024 / 1024) MiB")
        #expect(first.status == 0)
        #expect(first.peakResidentBytes < Self.peakResidentBytesLimit)

        let rescan = try Self.measure(["index", photos.path, "--db", database])
        print("rescan of \(Self.photoCount) unchanged files: \(String(format: "%.1f", rescan.seconds)) s, "
              + "peak RSS \(rescan.peakResidentBytes / 1024 / 1024) MiB")
        #expect(rescan.status == 0)
        #expect(rescan.peakResidentBytes < Self.peakResidentBytesLimit)

        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(stats.status == 0)
        #expect(stats.stdoutText.contains(try Regex("(?m)^Integrity: +ok$")))
        let count = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        #expect(count.status == 0)
        let rows = count.stdoutText.components(separatedBy: "\"path\"").count - 1
        #expect(rows == Self.photoCount)
    }
}
