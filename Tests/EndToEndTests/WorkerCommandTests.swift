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

    /// This machine's name, as claims of its processes spell it (`host:pid`).
    static let hostName: String = {
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, host.count - 1)
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

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

    /// Two `thumbs` runs at once divide the photos by claims: each photo's two files made once, by one
    /// of them; both seen claiming by `stats` (by their process ids); no claim left behind.
    static func twoThumbsRunsDivide(_ database: String?, cluster: PostgresCluster? = nil) throws {
        let (folder, db) = try Self.indexedSamples(database: database)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try PhotoGridBinary.run(["stats", "--db", db, "--json"], in: folder).json()
        let queue = before["thumbnailQueue"] as? [String: Any]
        #expect(queue?["waiting"] as? Int == 26 && queue?["claimed"] as? Int == 0, "\(before)")
        #expect(queue?["variants"] as? [String] == ["grid-387"], "thumbs' default size stands for a library with none")
        let arguments = ["thumbs", "--db", db, "--out", "thumbs", "--detail-size", "512", "--json", "--jobs", "1"]
        let first = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let second = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let pids = [first.process.processIdentifier, second.process.processIdentifier]
        let runs = [try first.wait(), try second.wait()]
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let made = try runs.map { try $0.json()["made"] as? Int ?? -1 }
        #expect(made.reduce(0, +) == 52, "made \(made): 26 photos x 2 sizes, each once")
        for variant in ["grid-387", "detail-512"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("thumbs/\(variant)").path)
            #expect(files.filter { $0.hasSuffix(".jpg") }.count == 26, "\(variant)")
        }
        let after = try PhotoGridBinary.run(["stats", "--db", db, "--json"], in: folder).json()
        let done = after["thumbnailQueue"] as? [String: Any]
        #expect(done?["waiting"] as? Int == 0 && done?["variants"] as? [String] == ["detail-512", "grid-387"], "\(after)")
        let workers = (done?["workers"] as? [[String: Any]]) ?? []
        for pid in pids {
            let seen = workers.first { ($0["name"] as? String)?.hasSuffix(":\(pid)") == true }
            #expect((seen?["claimed"] as? Int ?? 0) > 0, "thumbs \(pid) claimed photos: \(workers)")
        }
        if let cluster, let db = database {
            #expect(try cluster.query(db, "SELECT count(*) FROM thumbnail_claims") == "0")
            #expect(try cluster.query(db, "SELECT count(*) FROM thumbnails WHERE status = 'ok'") == "52")
        }
        let check = try PhotoGridBinary.run(["thumbs", "--db", db, "--out", "thumbs", "--detail-size", "512", "--json"], in: folder).json()
        #expect(check["made"] as? Int == 0 && check["skipped"] as? Int == 52)
    }

    @Test func twoThumbsRunsDivideASQLiteLibrary() throws { try Self.twoThumbsRunsDivide(nil) }

    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func twoThumbsRunsDivideAPostgreSQLLibrary() throws {
        let cluster = try PostgresCluster.shared.get()
        try Self.twoThumbsRunsDivide(try cluster.makeDatabase(), cluster: cluster)
    }

    /// `thumbs` leaves the photos another process holds to it, and makes them itself once its lease ends.
    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func thumbsWaitsForAnotherProcesssClaimsThenTakesThemOver() throws {
        let cluster = try PostgresCluster.shared.get()
        let (folder, db) = try Self.indexedSamples(database: try cluster.makeDatabase())
        defer { try? FileManager.default.removeItem(at: folder) }
        // Another process holds every other photo, for 3 s more, and never makes them.
        try cluster.query(db, "INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, 'elsewhere:1', extract(epoch from now())::bigint + 3 FROM photos WHERE id % 2 = 0")
        let held = try cluster.query(db, "SELECT count(*) FROM thumbnail_claims")
        let stats = try PhotoGridBinary.run(["stats", "--db", db, "--json"], in: folder).json()
        #expect((stats["thumbnailQueue"] as? [String: Any])?["claimed"] as? Int == Int(held), "\(stats)")
        let started = Date()
        let run = try PhotoGridBinary.run(["thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Date().timeIntervalSince(started) >= 1.5, "it waited for the other process's lease")
        #expect(try run.json()["made"] as? Int == 26)
        #expect(try cluster.query(db, "SELECT count(*) FROM thumbnails WHERE status = 'ok'") == "26")
        #expect(try cluster.query(db, "SELECT count(*) FROM thumbnail_claims") == "0")
    }

    /// A waiting `thumbs` takes the photos another machine held as soon as their release is announced (a
    /// worker's release NOTIFYs, as grid changes do), and does not look at the store on a timer: a release
    /// nobody announces is seen only at the lease's end.
    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func aWaitingThumbsWakesOnTheAnnouncedRelease() throws {
        let cluster = try PostgresCluster.shared.get()
        let (folder, db) = try Self.indexedSamples(database: try cluster.makeDatabase())
        defer { try? FileManager.default.removeItem(at: folder) }
        /// Starts `thumbs` while another machine holds every photo for `lease` s; runs `release` once it waits
        /// (it has recorded itself as a claimer, and 1.5 s more); returns what it made and the seconds it then took.
        func waitingRun(lease: Int, release: String) throws -> (made: Int?, seconds: Double) {
            try cluster.query(db, "DELETE FROM thumbnails; INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, 'elsewhere:1', extract(epoch from now())::bigint + \(lease) FROM photos")
            let started = try ProcessRunner.startCollecting(try PhotoGridBinary.url, ["thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder)
            let pid = started.process.processIdentifier
            let clock = ContinuousClock(), deadline = clock.now + .seconds(30)
            while clock.now < deadline, started.process.isRunning,
                  try cluster.query(db, "SELECT count(*) FROM thumbnail_workers WHERE name LIKE '%:\(pid)'") == "0" {
                usleep(50_000)
            }
            usleep(1_500_000)
            let released = Date()
            try cluster.query(db, release)
            let run = try started.wait()
            #expect(run.status == 0, "\(run.stderr)")
            return (try run.json()["made"] as? Int, Date().timeIntervalSince(released))
        }
        let silent = try waitingRun(lease: 8, release: "DELETE FROM thumbnail_claims")
        #expect(silent.made == 26)
        #expect(silent.seconds >= 3, "an unannounced release is not seen before the lease's end (\(silent.seconds) s)")
        let announced = try waitingRun(lease: 60, release: "DELETE FROM thumbnail_claims; NOTIFY photogrid_grid")
        #expect(announced.made == 26)
        #expect(announced.seconds < 20, "an announced release is seen at once, not at the 60 s lease's end (\(announced.seconds) s)")
    }

    /// Claims of a process of this machine that no longer runs (a `thumbs` stopped with Ctrl-C) are not
    /// waited for: their 60 s lease is cut short.
    @Test(.enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
    func claimsOfAnEndedLocalProcessAreNotWaitedFor() throws {
        let cluster = try PostgresCluster.shared.get()
        let (folder, db) = try Self.indexedSamples(database: try cluster.makeDatabase())
        defer { try? FileManager.default.removeItem(at: folder) }
        // A pid above the kernel's pid_max: no process has it. And a live one: this test's own.
        try cluster.query(db, "INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, '\(Self.hostName):99999999', extract(epoch from now())::bigint + 60 FROM photos")
        let started = Date()
        let run = try PhotoGridBinary.run(["thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["made"] as? Int == 26)
        #expect(Date().timeIntervalSince(started) < 30, "not the 60 s lease")
        try cluster.query(db, "DELETE FROM thumbnails; INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, '\(Self.hostName):\(getpid())', extract(epoch from now())::bigint + 4 FROM photos")
        let waited = Date()
        let again = try PhotoGridBinary.run(["thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder)
        #expect(try again.json()["made"] as? Int == 26, "\(again.stderr)")
        #expect(Date().timeIntervalSince(waited) >= 2.5, "a live process's claims are waited for (3 to 4 s by whole seconds)")
    }

    /// A waiting `thumbs` learns that a holder of this machine ended the moment it exits (its pidfd), not by
    /// looking for it on a timer: strace sees at most four `kill(pid, 0)` looks for the holder over a 3 s
    /// wait (twice a second would be six more), and the run ends well before the 60 s lease.
    @Test(.enabled(if: ExternalTool("strace") != nil && ExternalTool("sqlite3") != nil, "needs strace and sqlite3 (apt-get install strace sqlite3)"))
    func aLocalHolderIsWatchedNotLookedFor() throws {
        let (folder, db) = try Self.indexedSamples()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sqlite = try #require(ExternalTool("sqlite3")), strace = try #require(ExternalTool("strace"))
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sleep")
        holder.arguments = ["120"]
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let name = "\(Self.hostName):\(holder.processIdentifier)"
        _ = try sqlite.run([db, "INSERT INTO thumbnail_claims (photo_id, worker, expires_at) SELECT id, '\(name)', CAST(strftime('%s', 'now') AS INTEGER) + 60 FROM photos"])
        let trace = folder.appendingPathComponent("kill.trace").path
        let started = try ProcessRunner.startCollecting(URL(fileURLWithPath: strace.path), ["-f", "-qq", "-e", "trace=kill", "-o", trace, try PhotoGridBinary.url.path,
                                                                     "thumbs", "--db", db, "--out", "thumbs", "--json"], in: folder)
        let clock = ContinuousClock(), deadline = clock.now + .seconds(30)
        while clock.now < deadline, started.process.isRunning,
              String(decoding: try sqlite.run([db, "SELECT count(*) FROM thumbnail_workers"]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "0" {
            usleep(50_000)
        }
        usleep(3_000_000)
        #expect(started.process.isRunning, "it waits for the holder's claims")
        let ended = Date()
        kill(holder.processIdentifier, SIGKILL)   // not SIGTERM: a test process may pass on its SIGTERM ignored
        holder.waitUntilExit()
        let run = try started.wait()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["made"] as? Int == 26)
        #expect(Date().timeIntervalSince(ended) < 20, "the holder's end is seen, not the 60 s lease's")
        let looks = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("kill(\(holder.processIdentifier), 0)") }.count
        #expect(looks >= 1 && looks <= 4, "\(looks) looks for the holder by kill(pid, 0)")
    }

    /// A batch that outlives its lease keeps its claims (renewed every third of the lease): two workers with
    /// a 3 s lease (2 to 3 s by the database's whole seconds) on 24 photos of 6000×4000 — a batch of 16 takes
    /// ~5 s, the other worker's 8 photos ~3 s — make each thumbnail once (without renewal: 49 to 64).
    @Test(.enabled(if: ExternalTool("convert-im6.q16") != nil, "convert-im6.q16 is not installed (apt-get install imagemagick)"))
    func aBatchLongerThanItsLeaseIsNotTakenOver() throws {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-worker-lease")
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = folder.appendingPathComponent("big.jpg").path
        _ = try #require(ExternalTool("convert-im6.q16")).run(["-size", "6000x4000", "gradient:red-blue", "-quality", "90", big])
        let base = [UInt8](try Data(contentsOf: URL(fileURLWithPath: big)))
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for copy in 0 ..< 24 {   // a comment segment after SOI: 24 distinct files of one picture
            let text = Array("copy \(copy)".utf8)
            let bytes = Array(base[..<2]) + [0xFF, 0xFE, 0, UInt8(text.count + 2)] + text + Array(base[2...])
            try Data(bytes).write(to: photos.appendingPathComponent(String(format: "b%02d.jpg", copy)))
        }
        let db = folder.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", "photos", "--db", db], in: folder).status == 0)
        let arguments = ["worker", "--db", db, "--out", "thumbs", "--detail-size", "4096", "--lease", "3", "--jobs", "1",
                         "--until-done", "--json"]
        let first = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let second = try ProcessRunner.startCollecting(try PhotoGridBinary.url, arguments, in: folder)
        let runs = [try first.wait(), try second.wait()]
        for run in runs { #expect(run.status == 0, "\(run.stderr)") }
        let made = try runs.map { try $0.json()["made"] as? Int ?? -1 }
        #expect(made.reduce(0, +) == 48, "made \(made): 24 photos x 2 sizes, each once")
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
