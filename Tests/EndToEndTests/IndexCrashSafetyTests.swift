import TestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Killing the indexer loses nothing committed and corrupts nothing; two indexers share a database.
@Suite(.serialized) struct IndexCrashSafetyTests {
    /// Writes `count` different tiny JPEGs into `folder`, spread over 10 subfolders.
    static func makePhotos(_ count: Int, in folder: URL) throws {
        for album in 0..<10 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("album\(album)"),
                                                    withIntermediateDirectories: true)
        }
        for number in 0..<count {
            let url = folder.appendingPathComponent("album\(number % 10)/photo\(number).jpg")
            try Data(TinyJPEG.numbered(number)).write(to: url)
        }
    }

    @Test func sigkillMidRunThenRerunCompletesTheIndex() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-crash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        let count = 4000
        try Self.makePhotos(count, in: photos)

        for attempt in 0..<8 {
            let database = directory.appendingPathComponent("crash\(attempt).sqlite").path
            let process = try ProcessRunner.start(["index", photos.path, "--db", database, "--jobs", "1"])
            // Wait until the first batch is surely committed: the schema (migrations 0001–0006) puts
            // ~160 KiB in the new WAL and the first batch of 256 rows with its indexes ends well before 512 KiB
            // (the WAL grows while a commit is written, so a threshold inside that range could fire
            // mid-commit); the whole run of 4,000 photos ends near 2 MiB.
            while process.isRunning && ProcessRunner.fileSize(database + "-wal") < 512 * 1024 {
                usleep(200)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard process.terminationReason == .uncaughtSignal else { continue }  // it finished first: again

            let rerun = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"])
            #expect(rerun.status == 0)
            let summary = try rerun.json()
            let unchanged = try #require(summary["unchanged"] as? Int)
            let added = try #require(summary["added"] as? Int)
            #expect(summary["scanned"] as? Int == count)
            #expect(unchanged + added == count)
            #expect(summary["errors"] as? Int == 0)
            #expect(summary["updated"] as? Int == 0)
            if unchanged == 0 || added == 0 { continue }  // killed before the first or after the last batch
            // Committed batches survived whole: at least the first, of 256 rows (then 500 each).
            #expect(unchanged >= 256)

            let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
            let rows = try #require(try list.json()["photos"] as? [[String: Any]])
            #expect(rows.count == count)
            #expect(Set(rows.compactMap { $0["path"] as? String }).count == count)
            #expect(Set(rows.compactMap { $0["id"] as? Int }).count == count)
            #expect(rows.allSatisfy { $0["status"] as? String == "ok" && $0["pixelWidth"] as? Int == 8 })

            let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
            #expect(stats.stdoutText.contains("Integrity:     ok\n"))
            return
        }
        Issue.record("the indexer was never killed mid-run in 8 attempts")
    }

    @Test func twoIndexProcessesOnOneDatabaseBothSucceed() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-two")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        let count = 2000
        try Self.makePhotos(count, in: photos)
        let database = directory.appendingPathComponent("shared.sqlite").path

        // Both start on a database that does not exist yet: they also race to create the schema.
        let first = try ProcessRunner.start(["index", photos.path, "--db", database])
        let second = try ProcessRunner.start(["index", photos.path, "--db", database])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationReason == .exit && first.terminationStatus == 0)
        #expect(second.terminationReason == .exit && second.terminationStatus == 0)

        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let rows = try #require(try list.json()["photos"] as? [[String: Any]])
        #expect(rows.count == count)
        #expect(Set(rows.compactMap { $0["path"] as? String }).count == count)
        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(stats.stdoutText.contains("Integrity:     ok\n"))
    }
}

/// An unchanged rescan writes only its run record, and leaves it in the WAL: the database file is not
/// rewritten (no checkpoint, no sync on close), and every reader sees the new run's time.
@Suite struct UnchangedRescanTests {
    @Test func unchangedRescanLeavesTheDatabaseFileAsItWas() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-rescan")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try IndexCrashSafetyTests.makePhotos(20, in: photos)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let firstRun = try PhotoGridBinary.run(["stats", "--db", database, "--json"]).json()["lastIndexedAt"] as? String
        Thread.sleep(forTimeInterval: 1.1)  // run times are whole seconds
        let rescan = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"])
        #expect(try rescan.json()["unchanged"] as? Int == 20)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "the database file was rewritten")
        let secondRun = try PhotoGridBinary.run(["stats", "--db", database, "--json"]).json()["lastIndexedAt"] as? String
        #expect(firstRun != nil && secondRun != nil && secondRun != firstRun)
        let check = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(check.stdoutText.contains("Integrity:     ok\n"))
    }
}
