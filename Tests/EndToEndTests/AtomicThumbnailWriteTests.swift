import TestSupport
import Foundation
import JPEG
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `photogrid thumbs` killed at many points: the cache folder is inspected right after the kill,
/// before any rerun (whose cleanup would remove half-written files), and every file with a
/// thumbnail's final name must be a whole JPEG. Temporary files (`.tmp-…`) may be left.
///
/// "Whole" means: it starts with SOI and ends with EOI, and the project's decoder reads it at full
/// size with no warning (a truncated stream decodes with a "premature end" warning and grey rows).
@Suite(.serialized) struct AtomicThumbnailWriteTests {
    /// A library of `copies` × `samples` (SampleImages paths), each copy a different file (a
    /// numbered COM segment), indexed into `library.sqlite`.
    struct Library {
        let directory: URL
        let database: String
        let count: Int
        var thumbnails: URL { directory.appendingPathComponent("thumbnails") }

        init(_ label: String, samples: [String], copies: Int) throws {
            directory = try PhotoGridBinary.temporaryDirectory(label)
            let photos = directory.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            count = samples.count * copies
            for number in 0..<count {
                let bytes = try [UInt8](Data(contentsOf: Repository.sampleImages.appendingPathComponent(samples[number % samples.count])))
                try Data(JPEGFrame.withComment("photo \(number)", bytes)).write(to: photos.appendingPathComponent("p\(number).jpg"))
            }
            database = directory.appendingPathComponent("library.sqlite").path
            let index = try PhotoGridBinary.run(["index", photos.path, "--db", database])
            guard index.status == 0 else { throw Failure.index(index.stderr) }
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    enum Failure: Error { case index(String) }

    /// What the cache folder holds right after a kill.
    struct CacheContents {
        /// Files with a final thumbnail name (`grid-N/*.jpg`, `detail-M/*.jpg`).
        var finals: [URL] = []
        /// Temporary files (`.tmp-…`) with their sizes.
        var temporaries: [(URL, Int)] = []
    }

    /// Lists the variant folders of `folder` (absent folder: nothing).
    static func contents(of folder: URL) throws -> CacheContents {
        var contents = CacheContents()
        guard FileManager.default.fileExists(atPath: folder.path) else { return contents }
        for variant in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where variant.hasPrefix("grid-") || variant.hasPrefix("detail-") {
            let url = folder.appendingPathComponent(variant)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
                let file = url.appendingPathComponent(name)
                if name.hasPrefix(".tmp-") {
                    contents.temporaries.append((file, ProcessRunner.fileSize(file.path)))
                } else {
                    contents.finals.append(file)
                }
            }
        }
        return contents
    }

    /// Why `file` is not a whole JPEG thumbnail, or nil when it is one.
    static func defect(of file: URL) -> String? {
        guard file.pathExtension == "jpg" else { return "unexpected name" }
        guard let bytes = try? [UInt8](Data(contentsOf: file)) else { return "unreadable" }
        guard JPEGFrame.isComplete(bytes) else { return "\(bytes.count) bytes, no SOI…EOI" }
        do {
            let decoded = try JPEGDecoder.decode(bytes: bytes)
            if !decoded.warnings.isEmpty { return "decoder warnings: \(decoded.warnings)" }
            guard let size = JPEGFrame.size(bytes), size.width == decoded.width, size.height == decoded.height else {
                return "decoded size differs from the frame header"
            }
        } catch {
            return "does not decode: \(error)"
        }
        return nil
    }

    /// Expects every final-named file in the cache folder to be whole; returns the contents.
    @discardableResult
    static func expectOnlyWholeThumbnails(in folder: URL, _ context: String,
                                          sourceLocation: SourceLocation = #_sourceLocation) throws -> CacheContents {
        let contents = try Self.contents(of: folder)
        for file in contents.finals {
            if let defect = defect(of: file) {
                Issue.record("\(context): \(file.lastPathComponent) is not whole: \(defect)", sourceLocation: sourceLocation)
            }
        }
        return contents
    }

    /// Killed *inside* a write, deterministically: under a file-size limit (`ulimit -f`) with SIGXFSZ
    /// at its default action, the kernel writes the thumbnail up to the limit and then kills the
    /// process with SIGXFSZ. Five limits (150–190 KiB: above the database and its WAL, below the
    /// 198–329 KB detail thumbnails of three of the four photos) stop it at five byte counts.
    /// Afterwards the file cut short must be a temporary one of exactly the limit's size, and every
    /// file with a final name whole. (A product that wrote straight to the final
    /// name leaves a final-named file of the limit's size here, every time.)
    @Test func killedInsideAWriteLeavesOnlyWholeFinalFiles() throws {
        let library = try Library("photogrid-atomic-xfsz", samples: ["aitzgorri.jpg", "dragonfly.jpg", "sunset.jpg", "umang.jpg"],
                                  copies: 1)
        defer { library.remove() }
        let binary = try PhotoGridBinary.url.path
        for blocks in [300, 320, 340, 360, 380] {   // 512-byte blocks (POSIX sh's ulimit -f unit)
            try? FileManager.default.removeItem(at: library.thumbnails)
            let limit = blocks * 512

            let script = "ulimit -f \(blocks); exec \"$0\" \"$@\""
            let run = try ProcessRunner.measure("/bin/sh", ["-c", script, binary, "thumbs", "--db", library.database,
                                                            "--width", "100", "--scale", "1", "--detail-size", "1600",
                                                            "--jobs", "1", "--out", library.thumbnails.path],
                                                defaultSignals: [SIGXFSZ])
            #expect(run.status == 128 + SIGXFSZ, "limit \(limit) B: not killed by SIGXFSZ (status \(run.status))")
            let contents = try Self.expectOnlyWholeThumbnails(in: library.thumbnails, "limit \(limit) B")
            #expect(contents.temporaries.contains { $0.1 == limit },
                    "limit \(limit) B: no temporary file cut at the limit: \(contents.temporaries.map { "\($0.0.lastPathComponent) \($0.1)" })")
        }
    }

    /// The 16 orientation samples (600×400 displayed).
    static let orientationSamples = (1...8).flatMap { ["orientation/Landscape_\($0).jpg", "orientation/Portrait_\($0).jpg"] }

    /// SIGKILL at 12 points of a run (random delays, seeded: the seed is printed): after each kill,
    /// before any rerun, every file with a final name is a whole 100×100 JPEG. Then a rerun
    /// completes the cache.
    @Test func killedAtRandomPointsLeavesOnlyWholeFinalFiles() throws {
        let library = try Library("photogrid-atomic-kill", samples: Self.orientationSamples, copies: 8)
        defer { library.remove() }
        let seed = UInt64(ProcessInfo.processInfo.environment["PHOTOGRID_TEST_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        print("AtomicThumbnailWriteTests seed: \(seed) (rerun with PHOTOGRID_TEST_SEED=\(seed))")
        var random = SplitMix64(seed: seed)
        let grid = library.thumbnails.appendingPathComponent("grid-100")
        var killedMidRun = 0
        for kill in 0..<12 {
            try? FileManager.default.removeItem(at: library.thumbnails)
            let process = try ProcessRunner.start(["thumbs", "--db", library.database, "--width", "100",
                                                   "--scale", "1", "--jobs", "2", "--out", library.thumbnails.path])
            // Wait for 0…(¾ count − 1) thumbnails, then 0–1 ms more: kill points spread over the run, and
            // early enough that even the installed release binary (a quarter of the run in a few ms)
            // has not finished.
            let target = Int(random.next() % UInt64(library.count * 3 / 4))
            let extra = useconds_t(random.next() % 1000)
            while process.isRunning && ((try? FileManager.default.contentsOfDirectory(atPath: grid.path).count) ?? 0) < target {
                usleep(200)
            }
            usleep(extra)
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let contents = try Self.expectOnlyWholeThumbnails(in: library.thumbnails, "kill \(kill) (seed \(seed))")
            if process.terminationReason == .uncaughtSignal && contents.finals.count < library.count { killedMidRun += 1 }
            for file in contents.finals {
                let size = (try? [UInt8](Data(contentsOf: file))).flatMap(JPEGFrame.size)
                #expect(size.map { [$0.width, $0.height] } == [100, 100], "kill \(kill): \(file.lastPathComponent)")
            }
        }
        #expect(killedMidRun >= 10, "only \(killedMidRun) of 12 kills landed before the run finished (seed \(seed))")

        let rerun = try PhotoGridBinary.run(["thumbs", "--db", library.database, "--width", "100", "--scale", "1",
                                             "--out", library.thumbnails.path, "--json"])
        #expect(rerun.status == 0)
        let summary = try rerun.json()
        #expect(summary["errors"] as? Int == 0)
        let after = try Self.expectOnlyWholeThumbnails(in: library.thumbnails, "after the rerun")
        #expect(after.finals.count == library.count && after.temporaries.isEmpty)
    }
}
