import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL restart under a running `photogrid index` (a cluster of the test's own): the run ends with
/// exit status 1 and one line saying why, within seconds (not a hang); a rerun completes, and psql finds
/// every file once.
@Suite("PostgreSQL restart under an index run (binary)", .enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
struct PostgresRestartTests {
    @Test func anIndexRunCutByARestartExitsOneAndARerunCompletesWithoutDuplicates() throws {
        let cluster = try PostgresCluster.makePrivate()
        defer { cluster.stop() }
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-pg-restart")
        defer { try? FileManager.default.removeItem(at: folder) }
        // 20,800 files (hard links of the 26 samples in 800 folders): seconds of indexing.
        let photos = folder.appendingPathComponent("photos")
        let samples = try FileManager.default.contentsOfDirectory(atPath: Repository.sampleImages.path).filter { $0.hasSuffix(".jpg") }.sorted()
        for copy in 0 ..< 800 {
            let dir = photos.appendingPathComponent(String(format: "%03d", copy))
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for name in samples {
                try FileManager.default.linkItem(atPath: Repository.sampleImages.appendingPathComponent(name).path,
                                                 toPath: dir.appendingPathComponent(name).path)
            }
        }
        let files = 800 * samples.count
        let db = try cluster.makeDatabase()
        let index = try ProcessRunner.startCollecting(try PhotoGridBinary.url, ["index", "photos", "--db", db, "--jobs", "1"], in: folder)
        // Restart once rows are landing.
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, index.process.isRunning,
              (Int((try? cluster.query(db, "SELECT count(*) FROM photos")) ?? "") ?? 0) == 0 {
            usleep(20_000)
        }
        #expect(index.process.isRunning, "the run ended before the restart: make the folder bigger")
        try cluster.restart()
        let restarted = Date()
        var run: PhotoGridRun?
        while Date().timeIntervalSince(restarted) < 30 {
            if !index.process.isRunning { run = try index.wait(); break }
            usleep(50_000)
        }
        guard let run else {
            kill(index.process.processIdentifier, SIGKILL)
            Issue.record("the index run did not end within 30 s of the restart")
            return
        }
        #expect(run.status == 1, "\(run.status): \(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count == 1 && lines[0].contains("photogrid:"), "one line: \(run.stderr)")
        let partial = Int(try cluster.query(db, "SELECT count(*) FROM photos")) ?? -1
        #expect(partial < files, "batches after the restart were not written")

        let rerun = try PhotoGridBinary.run(["index", "photos", "--db", db, "--json"], in: folder)
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try cluster.query(db, "SELECT count(*) FROM photos") == "\(files)")
        #expect(try cluster.query(db, "SELECT count(DISTINCT path_bytes) FROM photos") == "\(files)")
        #expect(try cluster.query(db, "SELECT count(*) FROM photos WHERE status <> 'ok'") == "0")
        // The grid's counts (kept by triggers) agree with the rows.
        #expect(try cluster.query(db, "SELECT sum(photos) FROM grid_days") == "\(files)")
    }
}
