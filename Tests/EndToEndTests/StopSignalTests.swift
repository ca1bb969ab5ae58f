import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Every command stops on SIGTERM or SIGINT, also while it waits: `thumbs` on a PostgreSQL library whose
/// photos another machine's process holds (a claim row with an hour's lease, inserted with psql) waits for
/// them, and ends within 2 s of either signal — started the way a test runner starts it, which may pass
/// blocked or ignored signals on to its children.
@Suite("Stop signals (binary)", .enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
struct StopSignalTests {
    @Test(.timeLimit(.minutes(2)), arguments: [SIGTERM, SIGINT])
    func thumbsWaitingForAnotherProcessStopsOnTheSignal(signal: Int32) throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-stop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for sample in ["sunset.jpg", "umang.jpg"] {
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(sample), to: photos.appendingPathComponent(sample))
        }
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        try cluster.query(database, """
            INSERT INTO thumbnail_claims (photo_id, worker, expires_at)
            SELECT id, 'another-machine:1', extract(epoch from now())::bigint + 3600 FROM photos
            """)
        let started = try ProcessRunner.startCollecting(try PhotoGridBinary.url,
                                                        ["thumbs", "--db", database, "--out", folder.appendingPathComponent("thumbnails").path],
                                                        in: folder)
        let process = started.process
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Waiting once it has recorded itself as a claimer (its claims found every photo held elsewhere).
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(30)
        while clock.now < deadline, process.isRunning,
              try cluster.query(database, "SELECT count(*) FROM thumbnail_workers WHERE name LIKE '%:\(process.processIdentifier)'") == "0" {
            usleep(50_000)
        }
        usleep(500_000)
        try #require(process.isRunning, "thumbs ended before the signal: \((try? started.wait())?.stderr ?? "")")
        let sent = clock.now
        kill(process.processIdentifier, signal)
        while process.isRunning && clock.now - sent < .seconds(5) { usleep(20_000) }
        let waited = clock.now - sent
        #expect(!process.isRunning && waited < .seconds(2), "still running \(waited) after signal \(signal)")
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let run = try started.wait()
        // Ended by the signal, as `index` is (a shell shows 128 + its number).
        #expect(process.terminationReason == .uncaughtSignal && run.status == signal, "\(process.terminationReason) \(run.status): \(run.stderr)")
        // Nothing was made: the photos were another process's.
        #expect(try cluster.query(database, "SELECT count(*) FROM thumbnails") == "0")
    }
}
