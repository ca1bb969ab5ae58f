import Foundation
import TestSupport
import Testing

/// A PostgreSQL library through the binary (`--db postgres://…` on a throwaway cluster, `PostgresCluster`):
/// every command's JSON is the SQLite library's, byte for byte, on the same folder (`index`'s elapsed
/// `seconds` and `stats`' `database` aside); the rows are checked with psql, an independent reader.
@Suite("PostgreSQL library (binary)", .enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
struct PostgresLibraryTests {
    /// The samples, a damaged JPEG and a text file, in a scratch folder; a SQLite path and a new PostgreSQL
    /// database for them.
    struct Libraries {
        let folder: URL
        let photos: URL
        let sqlite: String
        let postgres: String
        let cluster: PostgresCluster

        init() throws {
            cluster = try PostgresCluster.shared.get()
            folder = try PhotoGridBinary.temporaryDirectory("photogrid-postgres")
            photos = folder.appendingPathComponent("photos")
            try FileManager.default.copyItem(at: Repository.sampleImages, to: photos)
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array(repeating: 7, count: 300)).write(to: photos.appendingPathComponent("broken.jpg"))
            try Data("notes".utf8).write(to: photos.appendingPathComponent("notes.txt"))
            sqlite = folder.appendingPathComponent("library.sqlite").path
            postgres = try cluster.makeDatabase()
        }

        /// Runs `arguments` on both libraries; returns (SQLite's, PostgreSQL's) outputs, each command succeeding.
        func both(_ arguments: [String]) throws -> (sqlite: PhotoGridRun, postgres: PhotoGridRun) {
            let a = try PhotoGridBinary.run(arguments + ["--db", sqlite], in: folder)
            let b = try PhotoGridBinary.run(arguments + ["--db", postgres], in: folder)
            #expect(a.status == 0, "\(arguments) on SQLite: \(a.stderr)")
            #expect(b.status == 0, "\(arguments) on PostgreSQL: \(b.stderr)")
            return (a, b)
        }
    }

    /// `text` without what differs between two runs of a command a moment apart: `"seconds":…` (the
    /// elapsed time) as `"seconds":0`, and the index runs' start times (UTC, `…Z`: first and last seen,
    /// last indexed) as `RUN`.
    static func timeless(_ text: String) -> String {
        text.replacingOccurrences(of: #""seconds":[0-9.eE+-]+"#, with: #""seconds":0"#, options: .regularExpression)
            .replacingOccurrences(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z"#, with: "RUN", options: .regularExpression)
    }

    @Test func everyCommandPrintsTheSameJSONOnBothStores() throws {
        let libraries = try Libraries()
        defer { try? FileManager.default.removeItem(at: libraries.folder) }
        let index = try libraries.both(["index", libraries.photos.path, "--json"])
        #expect(Self.timeless(index.sqlite.stdoutText) == Self.timeless(index.postgres.stdoutText))
        let summary = try index.postgres.json()
        // 26 samples and the damaged JPEG; the text file is skipped.
        #expect(summary["added"] as? Int == 27 && summary["errors"] as? Int == 1)
        for command in [
            ["list", "--json"],
            ["layout", "--width", "393", "--all", "--json"],
            ["layout", "--width", "393", "--offset", "200", "--height", "300", "--json"],
            ["layout", "--width", "1024", "--group", "month", "--all", "--json"],
            ["layout", "--width", "393", "--group", "day", "--offset", "500", "--json"],
            ["detail", "7", "--width", "393", "--height", "759", "--progress", "0.25", "--json"],
            ["detail", "20", "--width", "393", "--group", "year", "--json"],
            ["duplicates", "--json"],  // signatures made and kept by each store: the same groups and reasons
            ["duplicates", "--json"],  // read back: none made
        ] {
            let (a, b) = try libraries.both(command)
            #expect(!a.stdout.isEmpty && Self.timeless(a.stdoutText) == Self.timeless(b.stdoutText), "\(command)")
        }
        let (statsA, statsB) = try libraries.both(["stats", "--json"])
        #expect(try statsA.json()["database"] as? String == libraries.sqlite)
        #expect(try statsB.json()["database"] as? String == libraries.postgres)
        #expect(Self.timeless(statsA.stdoutText.replacingOccurrences(of: libraries.sqlite, with: "DB"))
                == Self.timeless(statsB.stdoutText.replacingOccurrences(of: libraries.postgres, with: "DB")))
        // A rescan finds everything unchanged on both.
        let again = try libraries.both(["index", libraries.photos.path, "--json"])
        #expect(Self.timeless(again.sqlite.stdoutText) == Self.timeless(again.postgres.stdoutText))
        #expect(try again.postgres.json()["unchanged"] as? Int == 27)
    }

    @Test(.enabled(if: LivePhotoIndexTests.tools.ffmpeg != nil && LivePhotoIndexTests.tools.exiftool != nil, "needs ffmpeg and exiftool"))
    func videosAndLivePhotosAreTheSameOnBothStores() throws {
        let libraries = try Libraries()
        defer { try? FileManager.default.removeItem(at: libraries.folder) }
        let camera = libraries.photos.appendingPathComponent("camera")
        try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
        func path(_ name: String) -> String { camera.appendingPathComponent(name).path }
        let identifier = "5A1B3C4D-0001-4E5F-8A9B-0C1D2E3F4A5B"
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"), to: camera.appendingPathComponent("IMG_0001.JPG"))
        try LivePhotoIndexTests.tagPhoto(path("IMG_0001.JPG"), identifier: identifier, taken: "2024:05:01 09:00:00", in: libraries.folder)
        try LivePhotoIndexTests.makeMovie(path("IMG_0001.MOV"), seconds: 2, created: "2024-05-01T09:00:00+0200", identifier: identifier)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"), to: camera.appendingPathComponent("IMG_0003.JPG"))
        try LivePhotoIndexTests.tagPhoto(path("IMG_0003.JPG"), identifier: nil, taken: "2024:05:01 10:00:00", in: libraries.folder)
        try LivePhotoIndexTests.makeMovie(path("IMG_0003.MOV"), seconds: 2.5, created: "2024-05-01T10:00:01+0200", identifier: nil)
        try LivePhotoIndexTests.makeMovie(path("clip.MOV"), seconds: 4, created: "2024-05-02T08:00:00+0200", identifier: nil)
        let index = try libraries.both(["index", libraries.photos.path, "--json"])
        #expect(Self.timeless(index.sqlite.stdoutText) == Self.timeless(index.postgres.stdoutText))
        for command in [["list", "--json"], ["layout", "--width", "393", "--all", "--json"], ["stats", "--json"]] {
            let (a, b) = try libraries.both(command)
            #expect(Self.timeless(a.stdoutText.replacingOccurrences(of: libraries.sqlite, with: "DB"))
                    == Self.timeless(b.stdoutText.replacingOccurrences(of: libraries.postgres, with: "DB")), "\(command)")
        }
        // Two Live Photos (their movies left the grid) and one video, as psql counts them.
        #expect(try libraries.cluster.query(libraries.postgres, "SELECT count(*) FROM photos WHERE media = 'live'") == "2")
        #expect(try libraries.cluster.query(libraries.postgres, "SELECT count(*) FROM photos WHERE live_photo_id IS NOT NULL") == "2")
        // A movie removed: its photo stands alone again on both stores.
        try FileManager.default.removeItem(atPath: path("IMG_0003.MOV"))
        let rescan = try libraries.both(["index", libraries.photos.path, "--json"])
        #expect(Self.timeless(rescan.sqlite.stdoutText) == Self.timeless(rescan.postgres.stdoutText))
        let (a, b) = try libraries.both(["list", "--json"])
        #expect(Self.timeless(a.stdoutText) == Self.timeless(b.stdoutText))
        #expect(try libraries.cluster.query(libraries.postgres, "SELECT count(*) FROM photos WHERE media = 'live'") == "1")
    }

    @Test func theRowsAreInPostgreSQLAsPsqlReadsThem() throws {
        let libraries = try Libraries()
        defer { try? FileManager.default.removeItem(at: libraries.folder) }
        let run = try PhotoGridBinary.run(["index", libraries.photos.path, "--db", libraries.postgres], in: libraries.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let cluster = libraries.cluster
        #expect(try cluster.query(libraries.postgres, "SELECT count(*) FROM photos") == "27")
        #expect(try cluster.query(libraries.postgres, "SELECT count(*) FROM photos WHERE status = 'error' AND path = 'broken.jpg'") == "1")
        // The grid's per-day counts (kept by statement triggers) sum to the grid's rows.
        #expect(try cluster.query(libraries.postgres, "SELECT sum(photos) FROM grid_days") == "26")
        // The ledger lists the repository's PostgreSQL migration files, by name.
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent("Migrations/postgres").path)
            .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted()
        #expect(files.count >= 13)
        #expect(try cluster.query(libraries.postgres, "SELECT string_agg(name, ',' ORDER BY name COLLATE \"C\") FROM schema_migrations")
                == files.joined(separator: ","))
        // Made by a plain login role: no superuser, no CREATEDB.
        #expect(try cluster.query(libraries.postgres, "SELECT rolsuper OR rolcreatedb FROM pg_roles WHERE rolname = current_user") == "f")
        // A change made by another writer moves the grid version.
        let version = try cluster.query(libraries.postgres, "SELECT version FROM grid_version")
        try cluster.query(libraries.postgres, "UPDATE photos SET status = 'missing' WHERE path = 'dragonfly.jpg'")
        #expect(try cluster.query(libraries.postgres, "SELECT version FROM grid_version") != version)
        #expect(try cluster.query(libraries.postgres, "SELECT sum(photos) FROM grid_days") == "25")
        let stats = try PhotoGridBinary.run(["stats", "--json", "--check", "--db", libraries.postgres], in: libraries.folder)
        #expect(try stats.json()["integrity"] as? String == "ok", "\(stats.stderr)")
    }

    @Test func thumbnailsAreMadeAndRecordedForAPostgreSQLLibrary() throws {
        let libraries = try Libraries()
        defer { try? FileManager.default.removeItem(at: libraries.folder) }
        _ = try PhotoGridBinary.run(["index", libraries.photos.path, "--db", libraries.postgres], in: libraries.folder)
        let out = libraries.folder.appendingPathComponent("thumbs").path
        let thumbs = try PhotoGridBinary.run(["thumbs", "--out", out, "--json", "--db", libraries.postgres], in: libraries.folder)
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        let summary = try thumbs.json()
        #expect(summary["made"] as? Int == 26 && summary["folder"] as? String == out)
        #expect(try libraries.cluster.query(libraries.postgres, "SELECT count(*) FROM thumbnails WHERE status = 'ok' AND variant = 'grid-387'") == "26")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/grid-387").filter { $0.hasSuffix(".jpg") }
        #expect(files.count == 26)
        let again = try PhotoGridBinary.run(["thumbs", "--out", out, "--json", "--db", libraries.postgres], in: libraries.folder)
        #expect(try again.json()["made"] as? Int == 0)
    }

    @Test func aBadURLOrAnUnreachableServerIsOneLineAndExitOne() throws {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-postgres")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cases: [(String, String)] = [
            ("postgres://photogrid@127.0.0.1:1/none", "Connection refused"),
            ("postgres://127.0.0.1/x", "no user name"),
            ("postgres://u:secret@127.0.0.1:99999/x", "port"),
        ]
        for (url, needle) in cases {
            let run = try PhotoGridBinary.run(["stats", "--db", url], in: folder)
            #expect(run.status == 1, "\(url): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains(needle) && !run.stderr.contains("secret"), "\(url): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
        }
    }
}
