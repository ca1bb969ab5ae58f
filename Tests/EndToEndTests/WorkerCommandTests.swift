import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `photogrid worker` through the binary: workers divide a library's photos (claims), a claim whose lease
/// ended is taken over, SIGTERM ends a waiting worker with its summary.
@Suite("photogrid worker (binary)")
struct WorkerCommandTests {
    /// The samples indexed into a library at `database` (a SQLite path in `folder`, or a PostgreSQL URL).
    static func indexedSamples(database: String? = nil) throws -> (folder: URL, database: String) {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-worker")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.appendingPathComponent("photos"))
        let db = database ?? folder.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", "photos", "--db", db], in: folder)
        #expect(index.status == 0, "\(index.stderr)")
        return (folder, db)
    }

    /// Two workers at once: every photo made once, by one of them; `thumbs` then finds all 26 current.
    static func twoWorkersDivide(_ database: String?) throws {
        let (folder, db) = try Self.indexedSamples(database: database)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["worker", "--db", db, "--out", "thumbs", "--until-done", "--json", "--jobs", "1"]
        let first = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let second = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let runs = [try first.wait(), try second.wait()]
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let made = try runs.map { try $0.json()["made"] as? Int ?? -1 }
        #expect(made.reduce(0, +) == 26, "made \(made)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("thumbs/grid-387").path)
        #expect(files.filter { $0.hasSuffix(".jpg") }.count == 26)
        let check = try PhotoGridBinary.run(["thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder).json()
        #expect(check["made"] as? Int == 0 && check["skipped"] as? Int == 26)
    }

    @Test func twoWorkersDivideASQLiteLibrary() throws { try Self.twoWorkersDivide(nil) }

    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func twoWorkersDivideAPostgreSQLLibrary() throws {
        try Self.twoWorkersDivide(try PostgresCluster.shared.get().makeDatabase())
    }

    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func aDeadWorkersClaimsAreTakenOverWhenTheirLeaseEnds() throws {
        let cluster = try PostgresCluster.shared.get()
        let (folder, db) = try Self.indexedSamples(database: try cluster.makeDatabase())
        defer { try? FileManager.default.removeItem(at: folder) }
        // A worker that claimed every photo and died: its lease ends in 2 s.
        try cluster.query(db, "INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, 'gone:1', extract(epoch from now())::bigint + 2 FROM photos")
        let arguments = ["worker", "--db", db, "--out", "thumbs", "--until-done", "--json"]
        let early = try PhotoGridBinary.run(arguments, in: folder)
        #expect(try early.json()["made"] as? Int == 0, "\(early.stderr)")
        sleep(3)
        let late = try PhotoGridBinary.run(arguments, in: folder)
        #expect(try late.json()["made"] as? Int == 26, "\(late.stderr)")
        #expect(try cluster.query(db, "SELECT count(*) FROM thumbnails WHERE status = 'ok'") == "26")
        #expect(try cluster.query(db, "SELECT count(*) FROM thumbnail_claims") == "0")
    }

    @Test func sigtermEndsAWaitingWorkerWithItsSummary() throws {
        let (folder, db) = try Self.indexedSamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let worker = try ProcessRunner.startCollecting(try PhotoGridBinary.url, ["worker", "--db", db, "--out", "thumbs", "--json"], in: folder)
        let deadline = Date(timeIntervalSinceNow: 30)
        let grid = folder.appendingPathComponent("thumbs/grid-387").path
        while Date() < deadline, ((try? FileManager.default.contentsOfDirectory(atPath: grid))?.filter { $0.hasSuffix(".jpg") }.count ?? 0) < 26 {
            usleep(50_000)
        }
        usleep(300_000)
        #expect(worker.process.isRunning, "a worker without --until-done waits for more work")
        kill(worker.process.processIdentifier, SIGTERM)
        let run = try worker.wait()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["made"] as? Int == 26)
    }
}
