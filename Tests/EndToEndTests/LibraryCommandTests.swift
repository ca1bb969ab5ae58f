import Foundation
import TestSupport
import Testing

/// `photogrid index`, `list` and `stats` run as a user would run them.
@Suite struct LibraryCommandTests {
    static let summaryKeys: Set<String> = ["version", "scanned", "added", "updated", "unchanged", "moved",
                                           "missing", "errors", "seconds", "seen", "retried", "pruned",
                                           "prunedThumbnails", "vanished", "skipped", "unreadableFolders"]

    @Test func indexSampleImagesThenListShowsTheirSizes() throws {
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("library.sqlite").path

        let index = try PhotoGridBinary.run(["index", Repository.sampleImages.path, "--db", database, "--json"])
        #expect(index.status == 0)
        #expect(index.stderr == "")   // not a terminal: no progress bar
        let summary = try index.json()
        #expect(Set(summary.keys) == Self.summaryKeys)
        #expect(summary["version"] as? Int == 1)
        #expect(summary["scanned"] as? Int == 26)
        #expect(summary["added"] as? Int == 26)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["missing"] as? Int == 0)

        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        #expect(list.status == 0)
        let document = try list.json()
        #expect(document["version"] as? Int == 1)
        let photos = try #require(document["photos"] as? [[String: Any]])
        #expect(photos.count == 26)
        var byPath: [String: [String: Any]] = [:]
        for photo in photos {
            let path = try #require(photo["path"] as? String)
            byPath[path] = photo
            #expect(photo["status"] as? String == "ok")
            #expect(photo["id"] is Int)
            #expect(photo["error"] == nil)
        }
        for (path, storedWidth, storedHeight, orientation, pixelWidth, pixelHeight) in SamplePhotos.facts {
            let photo = try #require(byPath[path], "\(path)")
            #expect(photo["storedWidth"] as? Int == storedWidth, "\(path)")
            #expect(photo["storedHeight"] as? Int == storedHeight, "\(path)")
            #expect(photo["orientation"] as? Int == orientation, "\(path)")
            #expect(photo["pixelWidth"] as? Int == pixelWidth, "\(path)")
            #expect(photo["pixelHeight"] as? Int == pixelHeight, "\(path)")
        }
        #expect(byPath["storm-canon.jpg"]?["takenAt"] as? String == "2008-04-20T19:12:06")
        #expect(byPath["umang.jpg"]?["takenAt"] == nil)
        // Every row's modifiedAt is its file's mtime in UTC, to the second (stat's, read through Foundation).
        let utc = ISO8601DateFormatter()
        for (path, photo) in byPath {
            let attributes = try FileManager.default.attributesOfItem(atPath: Repository.sampleImages.appendingPathComponent(path).path)
            let modified = try #require(attributes[.modificationDate] as? Date)
            let seconds = Date(timeIntervalSince1970: modified.timeIntervalSince1970.rounded(.down))
            #expect(photo["modifiedAt"] as? String == utc.string(from: seconds), "\(path)")
        }

        // Keys sorted: the printed text lists each object's keys alphabetically.
        let text = list.stdoutText
        #expect(text.hasPrefix(#"{"photos":[{"format":"jpeg","id":"#))
        #expect(text.contains(#""orientation":1,"path":"storm-canon.jpg","pixelHeight":800,"pixelWidth":1200,"status":"ok","storedHeight":800,"storedWidth":1200,"takenAt":"2008-04-20T19:12:06"}"#))
        #expect(text.hasSuffix("\"version\":1}\n"))

        // Rescan: everything unchanged.
        let again = try PhotoGridBinary.run(["index", Repository.sampleImages.path, "--db", database, "--json"])
        #expect(try again.json()["unchanged"] as? Int == 26)
    }

    /// `modifiedAt` is the file's modification time in UTC whatever the time zone: a file touched to
    /// 2001-02-03 04:05:06.7 UTC lists as `2001-02-03T04:05:06Z` (seconds truncated, as the grid orders it).
    @Test func modifiedAtIsTheFileTimeInUTC() throws {
        let touch = try #require(ExternalTool("touch"))
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let file = photos.appendingPathComponent("umang.jpg")
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("umang.jpg"), to: file)
        _ = try touch.run(["-d", "2001-02-03 04:05:06.7 UTC", file.path])
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"], environment: ["TZ": "Asia/Kolkata"])
        let rows = try #require(try list.json()["photos"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["modifiedAt"] as? String == "2001-02-03T04:05:06Z")
        #expect(rows.first?["takenAt"] == nil)
    }

    @Test func humanSummaryTableAndStats() throws {
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data(TinyJPEG.numbered(1)).write(to: photos.appendingPathComponent("one.jpg"))
        try Data("not a photo".utf8).write(to: photos.appendingPathComponent("bad.jpg"))
        try Data(TinyJPEG.numbered(2)).write(to: photos.appendingPathComponent("odd\nname.jpg"))

        // Default database: photogrid.sqlite in the working directory.
        let index = try PhotoGridBinary.run(["index", "photos"], in: directory)
        #expect(index.status == 0)
        #expect(index.stderr == "")
        let seconds = try #require(Self.seconds(in: index.stdoutText))
        #expect(index.stdoutText == "Indexed 3 photo files in photos into photogrid.sqlite in \(seconds): "
            + "3 added, 0 updated, 0 unchanged, 0 moved, 0 missing, 1 error (`photogrid list` shows which and why).\n")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("photogrid.sqlite").path))

        let list = try PhotoGridBinary.run(["list"], in: directory)
        #expect(list.status == 0)
        let lines = list.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("ID  STATUS  FORMAT  PIXELS  ORIENT  TAKEN AT  PATH") == true)
        #expect(lines.contains { $0.contains("error") && $0.contains("bad.jpg  (not a JPEG") })
        #expect(lines.contains { $0.contains("ok      jpeg    8×8     1") && $0.hasSuffix(#"odd\nname.jpg"#) })
        #expect(lines.contains("3 photos"))

        let stats = try PhotoGridBinary.run(["stats", "--check"], in: directory)
        #expect(stats.status == 0)
        #expect(stats.stdoutText.contains("Photos:        3: 2 ok, 1 error, 0 missing\n"))
        #expect(stats.stdoutText.contains("Colour spaces: 2 grayscale\n"))
        #expect(stats.stdoutText.contains("Formats:       2 jpeg\n"))
        #expect(stats.stdoutText.contains("Integrity:     ok\n"))
        #expect(stats.stdoutText.contains("Database:      photogrid.sqlite (schema \(PhotoGridBinary.latestMigration))\n"))
    }

    /// The "0.012 s" of a summary line.
    static func seconds(in text: String) -> String? {
        guard let range = text.range(of: #"[0-9]+\.[0-9]{3} s"#, options: .regularExpression) else { return nil }
        return String(text[range])
    }

    @Test func environmentVariableOverridesTheDefaultDatabase() throws {
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("from-env.sqlite").path
        let index = try PhotoGridBinary.run(["index", Repository.sampleImages.path, "--json"], in: directory,
                                            environment: ["PHOTOGRID_DB": database])
        #expect(index.status == 0)
        #expect(FileManager.default.fileExists(atPath: database))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("photogrid.sqlite").path))
        // --db beats the environment.
        let explicit = directory.appendingPathComponent("explicit.sqlite").path
        let list = try PhotoGridBinary.run(["list", "--db", explicit], in: directory,
                                           environment: ["PHOTOGRID_DB": database])
        #expect(list.status == 1)
        #expect(list.stderr.contains("no photo database at \(explicit)"))
    }

    @Test func fatalErrorsAreOneLineAndExitOne() throws {
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try PhotoGridBinary.run(["index", directory.appendingPathComponent("nope").path], in: directory)
        #expect(missing.status == 1)
        #expect(missing.stderr == "photogrid: error: no such folder: \(directory.appendingPathComponent("nope").path)\n")
        #expect(missing.stdoutText == "")

        try Data("hello".utf8).write(to: directory.appendingPathComponent("text.sqlite"))
        let notDatabase = try PhotoGridBinary.run(["stats", "--db", "text.sqlite"], in: directory)
        #expect(notDatabase.status == 1)
        #expect(notDatabase.stderr == "photogrid: error: text.sqlite is not a photogrid library: it is not an SQLite "
                + "database; it was left as it was (use another --db)\n")

        let noDatabase = try PhotoGridBinary.run(["list"], in: directory)
        #expect(noDatabase.status == 1)
        #expect(noDatabase.stderr.split(separator: "\n").count == 1)
    }

    /// Each usage error exits 64 and its message names what was wrong.
    @Test(arguments: [(["index"], "<folder>"), (["index", ".", "--jobs", "0"], "--jobs"),
                      (["index", ".", "--jobs", "many"], "'many'"), (["list", "--bogus"], "'--bogus'"),
                      (["stats", "extra"], "'extra'")])
    func usageErrorsExitSixtyFour(arguments: [String], names culprit: String) throws {
        let run = try PhotoGridBinary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdoutText == "")
        #expect(run.stderr.split(separator: "\n").first?.contains(culprit) == true, "\(run.stderr)")
    }

    @Test func helpDescribesTheCommands() throws {
        let help = try PhotoGridBinary.run(["--help"])
        #expect(help.status == 0)
        for command in ["index", "list", "stats"] { #expect(help.stdoutText.contains("  \(command) ")) }
        let indexHelp = try PhotoGridBinary.run(["index", "--help"])
        #expect(indexHelp.stdoutText.contains("--jobs <n>"))
        #expect(indexHelp.stdoutText.contains("PHOTOGRID_DB"))
    }
}

/// The progress bar appears only on a terminal (util-linux `script` gives the command one).
@Suite struct ProgressBarTests {
    static let script = "/usr/bin/script"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "needs util-linux script"))
    func barIsDrawnOnATerminalAndErasedAfter() throws {
        let directory = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("typescript").path
        let command = "\(try PhotoGridBinary.url.path) index \(Repository.sampleImages.path) --db library.sqlite"
        let run = try ProcessRunner.run(URL(fileURLWithPath: Self.script), ["-q", "-e", "-c", command, log],
                                        in: directory)
        #expect(run.status == 0)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: log)), as: UTF8.self)
        // 26 photos plus SOURCES.md and orientation/LICENSE checked for a JPEG start: 28 files.
        #expect(text.contains("\r\u{1B}[K28/28 [========================] 100%"))
        #expect(text.contains("\r\u{1B}[KIndexed 26 photo files"))   // erased before the summary
    }
}
