import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Start, live updates, shutdown.
@Suite(.serialized) struct ServedLifecycleTests {
    /// An idle server makes no threads: its periodic work runs on its bounded pools, and thumbnail
    /// records are saved only when thumbnails were made (a thread per call, twice every 250 ms, before:
    /// 26 clones in 3 s). strace, attached to every thread of the idle server for 2 s, sees no clone.
    @Test(.enabled(if: ExternalTool("strace") != nil, "needs strace (apt-get install strace)"))
    func anIdleServerStartsNoThreads() throws {
        let library = try ServedLibrary()
        usleep(500_000)
        let calls = try Self.calls(of: library.server, to: ["clone", "clone3"])
        #expect(calls.isEmpty, "\(calls.count) clone calls: \(calls.prefix(3))")
    }

    /// An idle server asks its database nothing but a version check every 5 s: its grid follows the
    /// library by waiting for the store's announcements (inotify on the database's folder), not by reading
    /// the grid version four times a second (24 `fcntl` lock calls in 3 s before, each read taking SQLite's
    /// shared lock). strace, attached for 2 s (less than the 5 s), sees no lock call and no read of a file.
    @Test(.enabled(if: ExternalTool("strace") != nil, "needs strace (apt-get install strace)"))
    func anIdleServerAsksItsDatabaseNothing() throws {
        let library = try ServedLibrary()
        usleep(800_000)  // the first index run and the reads that follow its announcements are over
        let calls = try Self.calls(of: library.server, to: ["fcntl", "pread64"])
        #expect(calls.isEmpty, "\(calls.count) calls: \(calls.prefix(3))")
    }

    /// The folder watcher waits for an event (or its stop) with no timeout while the folder is there and
    /// quiet: an idle watching server does not wake it (it used to poll five times a second).
    @Test(.enabled(if: ExternalTool("strace") != nil, "needs strace (apt-get install strace)"))
    func anIdleWatcherDoesNotWake() throws {
        let library = try ServedLibrary(["--watch"])
        usleep(800_000)  // the first index run and its quiet time are over
        let calls = try Self.calls(of: library.server, to: ["poll", "ppoll"])
        #expect(calls.isEmpty, "\(calls.count) poll calls: \(calls.prefix(3))")
    }

    /// The calls to `names` that every thread of `server` makes in 2 s, as strace prints them; a call
    /// already waiting when strace attached, which shows once as it ends (`resumed`), is left out.
    static func calls(of server: ServerProcess, to names: [String]) throws -> [Substring] {
        let strace = try #require(ExternalTool("strace"))
        let trace = try TemporaryFolder("strace")
        let log = trace.url.appendingPathComponent("calls.txt").path
        // strace under `timeout`, started with no signal blocked (a child inherits its parent's blocked
        // signals, and the test process blocks some: strace would never see timeout's SIGTERM).
        let arguments = ["/usr/bin/timeout", "2", strace.path, "-f", "-qq", "-e", "trace=" + names.joined(separator: ","),
                         "-o", log, "-p", "\(server.process.processIdentifier)"]
        #expect(try CleanSpawn.run(arguments) != 127)
        #expect(FileManager.default.fileExists(atPath: log), "strace attached")
        return ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            .filter { line in names.contains { line.contains($0 + "(") } && !line.contains("resumed") }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aShutdownSignalEndsTheServerWithStatusZero(signal: Int32) throws {
        let library = try ServedLibrary()
        let events = try library.server.connect()
        try events.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        _ = events.readAvailable(for: 0.3)
        #expect(library.server.stop(signal) == 0)
        #expect(events.isClosed(within: 5))
        let check = try library.cli(["stats", "--check", "--json"])
        #expect(try check.json()["integrity"] as? String == "ok")
    }

    @Test func aKillDuringTheFirstIndexLeavesASoundLibrary() throws {
        let folder = try TemporaryFolder("photogrid-serve")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for k in 0..<3000 { try Data(TinyJPEG.numbered(k)).write(to: photos.appendingPathComponent("p\(k).jpg")) }
        for delay in [0.05, 0.2, 0.5] {
            let server = try ServerProcess(["photos", "--db", "library.sqlite"], in: folder.url)
            usleep(useconds_t(delay * 1_000_000))
            #expect(server.stop(SIGKILL) == 128 + SIGKILL)
            let check = try PhotoGridBinary.run(["stats", "--check", "--json", "--db", "library.sqlite"], in: folder.url)
            #expect(check.status == 0, "\(check.stderr)")
            #expect(try check.json()["integrity"] as? String == "ok")
        }
    }

    /// SIGTERM in the middle of the first index run: the run ends at a committed batch, the server
    /// exits 0, the library is sound and the next run finishes it.
    @Test func aShutdownDuringTheFirstIndexEndsAtABatch() throws {
        let folder = try TemporaryFolder("photogrid-serve")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for k in 0..<6000 { try Data(TinyJPEG.numbered(k)).write(to: photos.appendingPathComponent("p\(k).jpg")) }
        let server = try ServerProcess(["photos", "--db", "library.sqlite", "--jobs", "1"], in: folder.url)
        server.waitForEvent("\"phase\":\"indexing\"")
        let started = Date()
        #expect(server.stop(SIGTERM) == 0)
        print("serve: SIGTERM during the first index run ended it after \(Int(Date().timeIntervalSince(started) * 1000)) ms")
        let check = try PhotoGridBinary.run(["stats", "--check", "--json", "--db", "library.sqlite"], in: folder.url)
        #expect(try check.json()["integrity"] as? String == "ok")
        let index = try PhotoGridBinary.run(["index", "photos", "--db", "library.sqlite", "--json"], in: folder.url)
        #expect(try index.json()["scanned"] as? Int == 6000)
        let stats = try PhotoGridBinary.run(["stats", "--json", "--db", "library.sqlite"], in: folder.url)
        #expect(try stats.json()["ok"] as? Int == 6000)
    }

    /// With --watch, a photo copied into the folder is in the layout soon after (the issue asks 1 s;
    /// the test allows 10 on a loaded machine and prints what it took), announced by a `library` event.
    @Test func aPhotoCopiedIntoAWatchedFolderAppears() throws {
        let library = try ServedLibrary(["--watch"])
        let count = SamplePhotos.facts.count
        let events = try library.server.connect()
        try events.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let opening = String(decoding: events.readAvailable(for: 0.5), as: UTF8.self)
        #expect(opening.contains("event: library\ndata: {\"count\":\(count)}"))

        let started = Date()
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"),
                                         to: library.photos.appendingPathComponent("sunset copy.jpg"))
        let reply = try library.server.wait(for: "/api/v1/layout?width=393&height=10", timeout: 10) { reply in
            ((try? reply.json())?["grid"] as? [String: Any])?["count"] as? Int == count + 1
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(((try reply.json())["grid"] as? [String: Any])?["count"] as? Int == count + 1)
        print("watch: a copied photo was in the layout after \(Int(seconds * 1000)) ms")
        let announced = String(decoding: events.readAvailable(for: 1), as: UTF8.self)
        #expect(announced.contains("event: library\ndata: {\"count\":\(count + 1)}"), "\(announced)")

        try FileManager.default.removeItem(at: library.photos.appendingPathComponent("sunset copy.jpg"))
        let after = try library.server.wait(for: "/api/v1/layout?width=393&height=10", timeout: 10) { reply in
            ((try? reply.json())?["grid"] as? [String: Any])?["count"] as? Int == count
        }
        #expect(((try after.json())["grid"] as? [String: Any])?["count"] as? Int == count)
    }
    /// The watched folder renamed away and back, deleted and made again: each time the server notices,
    /// the failed run says why (in `/api/v1/stats` and the `index` event), and once the folder is there
    /// again it is watched again and rescanned.
    @Test func aWatchedFolderThatGoesAwayAndComesBackIsWatchedAgain() throws {
        let library = try ServedLibrary(["--watch"])
        let server = library.server
        let count = SamplePhotos.facts.count
        func indexing() -> [String: Any]? { (try? server.get("/api/v1/stats").json())?["indexing"] as? [String: Any] }
        func waitFor(_ what: String, _ done: () -> Bool) {
            let deadline = Date(timeIntervalSinceNow: 15)
            while !done() && Date() < deadline { usleep(50_000) }
            #expect(done(), "\(what): \(indexing() ?? [:])")
        }
        let away = library.folder.url.appendingPathComponent("photos-away")

        try FileManager.default.moveItem(at: library.photos, to: away)
        waitFor("renamed away: a failed run with its reason") {
            indexing()?["phase"] as? String == "failed" && (indexing()?["reason"] as? String)?.contains("photos") == true
        }
        try FileManager.default.moveItem(at: away, to: library.photos)
        waitFor("renamed back: rescanned") { indexing()?["phase"] as? String == "done" }
        // Still watched after coming back: a new photo appears.
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"),
                                         to: library.photos.appendingPathComponent("after rename.jpg"))
        waitFor("a photo added after the rename") { (try? server.get("/api/v1/stats").json())?["ok"] as? Int == count + 1 }

        try FileManager.default.removeItem(at: library.photos)
        waitFor("deleted: a failed run") { indexing()?["phase"] as? String == "failed" }
        try FileManager.default.createDirectory(at: library.photos, withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"),
                                         to: library.photos.appendingPathComponent("sunset.jpg"))
        waitFor("made again: rescanned, the one photo there") {
            indexing()?["phase"] as? String == "done" && (try? server.get("/api/v1/stats").json())?["ok"] as? Int == 1
        }
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"),
                                         to: library.photos.appendingPathComponent("dragonfly.jpg"))
        waitFor("and watched: a second photo appears") { (try? server.get("/api/v1/stats").json())?["ok"] as? Int == 2 }
    }
}
