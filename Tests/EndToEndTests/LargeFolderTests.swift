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

    /// What a child process used: its exit status, wall time and peak resident set (wait4 rusage).
    struct ChildUsage {
        var status: Int32
        var seconds: Double
        var peakResidentBytes: Int
    }

    /// Runs `photogrid ARGS` with output discarded and reports its resource use from wait4(2), which
    /// reaps exactly this child (other tests' children do not count).
    static func measure(_ arguments: [String]) throws -> ChildUsage {
        let executable = try PhotoGridBinary.url.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "PHOTOGRID_DB" }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var reaped: pid_t
        repeat { reaped = wait4(pid, &status, 0, &usage) } while reaped < 0 && errno == EINTR
        guard reaped == pid else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        let exited = status & 0x7F == 0
        return ChildUsage(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                          seconds: Date().timeIntervalSince(started),
                          peakResidentBytes: Int(usage.ru_maxrss) * 1024)  // ru_maxrss is in KiB on Linux
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
