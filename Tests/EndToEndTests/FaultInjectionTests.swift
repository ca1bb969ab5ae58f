import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Faults a user's machine can throw at `photogrid`, run as a user would: an output folder that
/// cannot be written, a database that is locked, corrupt, not a file or from a newer photogrid, a
/// folder that cannot be read, a symlink loop. Each gives one clear line and the right exit status
/// (0 when only some files failed, 1 when the run could not be done), and loses nothing stored.
///
/// Tests run as root here, and root ignores permission bits. Where a fault needs them, the binary
/// runs as `nobody` through util-linux `setpriv` (root without the capabilities to bypass them);
/// those tests are skipped when neither unprivileged nor able to drop privileges.
@Suite(.serialized) struct FaultInjectionTests {
    static let nobody: UInt32 = 65534
    static let isRoot = geteuid() == 0
    static let setpriv = "/usr/bin/setpriv"
    /// Permission bits bite: not root, or root with setpriv to become nobody.
    static let canDropPrivileges = !isRoot || FileManager.default.isExecutableFile(atPath: setpriv)
    /// python3 from PATH (to hold a lock or edit a database behind photogrid's back), if any.
    static let python3 = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A library of four orientation samples with grid-100 thumbnails already made: the stored
    /// state every fault below must leave intact.
    struct Library {
        let directory: URL
        let photos: URL
        let database: String
        let thumbnails: URL

        init(_ label: String) throws {
            let scratch = try ForeignFilesTests.Scratch(label)
            directory = scratch.directory
            photos = scratch.photos
            database = directory.appendingPathComponent("library.sqlite").path
            thumbnails = directory.appendingPathComponent("thumbnails")
            let index = try PhotoGridBinary.run(["index", photos.path, "--db", database])
            #expect(index.status == 0, "\(index.stderr)")
            let thumbs = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "100", "--scale", "1",
                                                  "--out", thumbnails.path])
            #expect(thumbs.status == 0, "\(thumbs.stderr)")
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }

        /// The thumbnail files and their bytes.
        func thumbnailFiles() throws -> [String: Data] {
            let grid = thumbnails.appendingPathComponent("grid-100")
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: grid.path) {
                files[name] = try Data(contentsOf: grid.appendingPathComponent(name))
            }
            return files
        }

        /// The four photos are listed, `stats --check` says the file is sound, and the thumbnails are
        /// the four files they were (`before`), beside the `added` grid thumbnails a test's own photos got.
        func expectNothingLost(thumbnails before: [String: Data], added: Int = 0) throws {
            let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
            #expect(list.status == 0, "\(list.stderr)")
            for name in ["Landscape_1.jpg", "Landscape_6.jpg", "Portrait_1.jpg", "Portrait_8.jpg"] {
                #expect(list.stdoutText.contains("\"\(name)\""), "\(name) not listed")
            }
            let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
            #expect(stats.status == 0, "\(stats.stderr)")
            #expect(stats.stdoutText.contains(try Regex("(?m)^Integrity: +ok$")))
            let after = try thumbnailFiles()
            #expect(after.filter { before[$0.key] != nil } == before)
            #expect(after.count == before.count + added)
            #expect(before.count == 4)
        }
    }

    /// Exactly one line, starting `photogrid: error: `.
    static func expectOneErrorLine(_ run: PhotoGridRun, containing text: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.stderr.hasPrefix("photogrid: error: "), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(text), "\(run.stderr)", sourceLocation: sourceLocation)
    }

    /// Runs `executable ARGS`, collecting output (the `PhotoGridBinary.run` of any program).
    static func run(_ executable: String, _ arguments: [String]) throws -> PhotoGridRun {
        try PhotoGridBinary.run(executable: URL(fileURLWithPath: executable), arguments)
    }

    /// Runs photogrid as an unprivileged user: as root, as `nobody` via setpriv after handing
    /// `directory` to nobody; otherwise as is.
    static func runUnprivileged(_ arguments: [String], owning directory: URL) throws -> PhotoGridRun {
        guard isRoot else { return try PhotoGridBinary.run(arguments) }
        try chownRecursively(directory, to: nobody)
        return try run(setpriv, ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", "--inh-caps=-all",
                                 "--", try PhotoGridBinary.url.path] + arguments)
    }

    static func chownRecursively(_ directory: URL, to user: UInt32) throws {
        #expect(lchown(directory.path, user, user) == 0)
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let relative = enumerator?.nextObject() as? String {
            #expect(lchown(directory.appendingPathComponent(relative).path, user, user) == 0)
        }
    }

    // MARK: - Thumbnail output

    /// `--out` below a regular file: the folder cannot be created (ENOTDIR, even for root). A fatal
    /// error: one line, exit 1, and the library and its thumbnails are untouched.
    @Test func thumbnailFolderThatCannotBeCreatedIsFatal() throws {
        let library = try Library("photogrid-fault-out")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        let file = library.directory.appendingPathComponent("a file")
        try Data("x".utf8).write(to: file)
        let out = file.appendingPathComponent("thumbnails").path
        let run = try PhotoGridBinary.run(["thumbs", "--db", library.database, "--width", "120", "--scale", "1",
                                           "--out", out])
        #expect(run.status == 1)
        #expect(run.stdoutText == "")
        Self.expectOneErrorLine(run, containing: "Not a directory")
        try library.expectNothingLost(thumbnails: before)
    }

    /// A variant folder that exists as a regular file: nothing can be written into it; each photo is
    /// a reported per-file error (exit 0).
    @Test func variantFolderThatIsAFileIsReportedAndNothingIsLost() throws {
        let library = try Library("photogrid-fault-variant")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        try Data("x".utf8).write(to: library.thumbnails.appendingPathComponent("grid-120"))
        let run = try PhotoGridBinary.run(["thumbs", "--db", library.database, "--width", "120", "--scale", "1",
                                           "--out", library.thumbnails.path])
        // Every photo fails the same per-file way (reported, exit 0), none is written anywhere else.
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains(": 0 made, 0 up to date, 4 errors:\n"), "\(run.stdoutText)")
        #expect(run.stdoutText.components(separatedBy: "failed: Not a directory (errno 20)\n").count == 5,
                "\(run.stdoutText)")
        try library.expectNothingLost(thumbnails: before)
    }

    /// A read-only thumbnail folder (0555, run as nobody so the bits bite): the new variant's folder
    /// cannot be made: one line, exit 1; the existing thumbnails and records stay.
    @Test(.enabled(if: canDropPrivileges, "needs a non-root user or setpriv"))
    func readOnlyThumbnailFolderIsFatalAndLosesNothing() throws {
        let library = try Library("photogrid-fault-readonly")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        #expect(chmod(library.directory.path, 0o755) == 0)
        let run = try {
            #expect(chmod(library.thumbnails.path, 0o555) == 0)
            defer { chmod(library.thumbnails.path, 0o755) }
            return try Self.runUnprivileged(["thumbs", "--db", library.database, "--width", "120", "--scale", "1",
                                             "--out", library.thumbnails.path], owning: library.directory)
        }()
        #expect(run.status == 1)
        Self.expectOneErrorLine(run, containing: "Permission denied")
        try library.expectNothingLost(thumbnails: before)
    }

    /// Writes that fail part-way (a file-size limit: `ulimit -f`, SIGXFSZ ignored, so write(2)
    /// fails with EFBIG — the nearest portable stand-in for a full disk, which needs a mount).
    /// Every thumbnail that fails is reported, none is left half-written, nothing stored is lost.
    ///
    /// The limit applies to every file the run writes, the database's write-ahead log too: how many
    /// pages the run logs depends on how its records fall into batches (timing), and a 32 KiB limit
    /// failed a record write one CI run in many. So the limit is 256 KiB (room for 60 logged pages)
    /// and the thumbnails that must fail are of four 800×600 noise PNGs (≈ 0.7 MB each as JPEG).
    @Test(.enabled(if: python3 != nil, "needs python3 to write the noise PNGs"))
    func writesFailingPartWayLeaveNoPartialThumbnail() throws {
        let library = try Library("photogrid-fault-efbig")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        let noise = """
            import os, struct, sys, zlib
            w, h = 800, 600
            def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            for path in sys.argv[1:]:
                raw = b"".join(b"\\0" + os.urandom(w * 3) for _ in range(h))
                with open(path, "wb") as f:
                    f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
            """
        let pngs = (1...4).map { library.photos.appendingPathComponent("noise-\($0).png").path }
        #expect(try Self.run(try #require(Self.python3), ["-c", noise] + pngs).status == 0)
        let index = try PhotoGridBinary.run(["index", library.photos.path, "--db", library.database])
        #expect(index.status == 0, "\(index.stderr)")
        // 512 blocks of 512 bytes = 256 KiB: a noise detail thumbnail is larger; the samples' detail
        // thumbnails (45–60 KB), every grid thumbnail and the database pages this run writes are not.
        let script = "trap '' XFSZ; ulimit -f 512; exec \"$0\" \"$@\""
        let run = try Self.run("/bin/sh", ["-c", script, try PhotoGridBinary.url.path, "thumbs",
                                           "--db", library.database, "--width", "100", "--scale", "1",
                                           "--detail-size", "1000", "--out", library.thumbnails.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try run.json()
        #expect(summary["errors"] as? Int == 4, "\(run.stdoutText)")
        #expect(summary["made"] as? Int == 8)  // the noise PNGs' grid thumbnails, the samples' detail ones
        #expect(summary["skipped"] as? Int == 4)  // the samples' grid-100 thumbnails, already made
        let failures = summary["failures"] as? [[String: Any]] ?? []
        #expect(failures.count == 4)
        #expect(failures.allSatisfy { ($0["path"] as? String)?.hasSuffix(".png") == true }, "\(failures)")
        #expect(failures.allSatisfy { ($0["error"] as? String)?.hasSuffix("failed: File too large (errno 27)") == true },
                "\(failures)")
        // Left in detail-1000: the samples' four thumbnails, each a whole JPEG; no partial or temporary file.
        let detail = library.thumbnails.appendingPathComponent("detail-1000")
        let left = try FileManager.default.contentsOfDirectory(atPath: detail.path)
        #expect(left.count == 4 && left.allSatisfy { $0.hasSuffix(".jpg") }, "partial or temporary files left: \(left)")
        for name in left {
            let bytes = [UInt8](try Data(contentsOf: detail.appendingPathComponent(name)))
            #expect(bytes.prefix(2) == [0xFF, 0xD8] && bytes.suffix(2) == [0xFF, 0xD9], "\(name) is not a whole JPEG")
        }
        try library.expectNothingLost(thumbnails: before, added: 4)
    }

    // MARK: - Database

    /// Another process holds a write transaction for 1.5 s: `index` waits, then succeeds.
    @Test(.enabled(if: python3 != nil, "needs python3 to hold the lock"))
    func lockedDatabaseIsWaitedFor() throws {
        let library = try Library("photogrid-fault-locked")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("orientation/Landscape_2.jpg"),
                                         to: library.photos.appendingPathComponent("new.jpg"))
        let ready = library.directory.appendingPathComponent("locked")
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            open(sys.argv[2], "w").close()
            time.sleep(1.5)
            db.execute("COMMIT")
            """
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: try #require(Self.python3))
        locker.arguments = ["-c", script, library.database, ready.path]
        try locker.run()
        ProcessDeadline.watch(locker)
        while !FileManager.default.fileExists(atPath: ready.path) && locker.isRunning { usleep(10_000) }
        let started = Date()
        let run = try PhotoGridBinary.run(["index", library.photos.path, "--db", library.database, "--json"])
        let waited = Date().timeIntervalSince(started)
        locker.waitUntilExit()
        #expect(locker.terminationStatus == 0)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["added"] as? Int == 1)
        #expect(waited >= 1.0, "did not wait for the lock: \(waited) s")
        try library.expectNothingLost(thumbnails: before)
    }

    /// Garbage over the middle of the database file: a clear line and exit 1, for reading and for
    /// indexing ("database disk image is malformed"); the file is not made worse (same size after).
    @Test func corruptDatabaseIsOneLineAndExitOne() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-fault-corrupt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        // Enough rows for several pages, so that the middle of the file is table data.
        for number in 0..<400 {
            try Data(TinyJPEG.numbered(number)).write(to: photos.appendingPathComponent("photo-\(number).jpg"))
        }
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let size = ProcessRunner.fileSize(database)
        #expect(size >= 16 * 4096)
        // Every page but the first (the header and the schema) overwritten: whichever pages a command reads —
        // and where the index run's batches put the rows depends on the machine's load — are garbage.
        // (Four pages in the middle of the file hit an index an unchanged rescan never reads, once, under load.)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: database))
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
        try handle.close()

        let stats = try PhotoGridBinary.run(["stats", "--db", database, "--check"])
        #expect(stats.status == 1)
        Self.expectOneErrorLine(stats, containing: "database disk image is malformed")
        let list = try PhotoGridBinary.run(["list", "--db", database])
        #expect(list.status == 1)
        Self.expectOneErrorLine(list, containing: "malformed")
        let index = try PhotoGridBinary.run(["index", photos.path, "--db", database])
        #expect(index.status == 1)
        Self.expectOneErrorLine(index, containing: "malformed")
        #expect(ProcessRunner.fileSize(database) == size)
    }

    /// The database path is a folder (read-only database files do not stop root, a folder does):
    /// one line, exit 1, the folder untouched.
    @Test func databasePathThatIsAFolderIsOneLineAndExitOne() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-fault-dbdir")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("library.sqlite")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for arguments in [["index", Repository.sampleImages.appendingPathComponent("orientation").path],
                          ["list"], ["stats"], ["thumbs"]] {
            let run = try PhotoGridBinary.run(arguments + ["--db", folder.path])
            #expect(run.status == 1, "\(arguments)")
            Self.expectOneErrorLine(run, containing: folder.path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A read-only database file (0444, run as nobody): reading works; indexing is one line and
    /// exit 1, and the rows stay.
    @Test(.enabled(if: canDropPrivileges, "needs a non-root user or setpriv"))
    func readOnlyDatabaseCanBeReadButNotIndexed() throws {
        let library = try Library("photogrid-fault-rodb")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("orientation/Landscape_2.jpg"),
                                         to: library.photos.appendingPathComponent("new.jpg"))
        #expect(chmod(library.directory.path, 0o755) == 0)
        #expect(chmod(library.database, 0o444) == 0)
        let index = try Self.runUnprivileged(["index", library.photos.path, "--db", library.database],
                                             owning: library.directory)
        let list = try Self.runUnprivileged(["list", "--db", library.database], owning: library.directory)
        #expect(chmod(library.database, 0o644) == 0)
        #expect(index.status == 1)
        Self.expectOneErrorLine(index, containing: "cannot be written")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdoutText.contains("Portrait_8.jpg"))
        #expect(!list.stdoutText.contains("new.jpg"))
        try library.expectNothingLost(thumbnails: before)
    }

    /// A database written by a newer photogrid (a migration this binary does not know): refused
    /// with one line naming it, exit 1, its rows and schema unchanged.
    @Test(.enabled(if: python3 != nil, "needs python3 to add the future migration"))
    func databaseFromANewerSchemaIsRefused() throws {
        let library = try Library("photogrid-fault-newer")
        defer { library.remove() }
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            columns = [row[1] for row in db.execute("PRAGMA table_info(schema_migrations)")]
            values = ["'9999_from_the_future'" if c == "name" else "'2099-01-01T00:00:00Z'" for c in columns]
            db.execute("INSERT INTO schema_migrations (%s) VALUES (%s)" % (", ".join(columns), ", ".join(values)))
            db.commit()
            """
        let python = try Self.run(try #require(Self.python3), ["-c", script, library.database])
        #expect(python.status == 0, "\(python.stderr)")
        // The content as SQL text: opening a file whose -wal another tool removed makes GRDB write
        // an empty transaction (its issue-102 workaround), so bytes may differ; rows and schema may not.
        let dump = "import sqlite3, sys\nprint('\\n'.join(sqlite3.connect(sys.argv[1]).iterdump()))"
        let before = try Self.run(try #require(Self.python3), ["-c", dump, library.database])
        #expect(before.stdoutText.contains("9999_from_the_future"))
        for arguments in [["index", library.photos.path], ["list"], ["stats"]] {
            let run = try PhotoGridBinary.run(arguments + ["--db", library.database])
            #expect(run.status == 1, "\(arguments)")
            Self.expectOneErrorLine(run, containing: "9999_from_the_future")
        }
        let after = try Self.run(try #require(Self.python3), ["-c", dump, library.database])
        #expect(after.status == 0 && after.stdoutText == before.stdoutText)
    }

    // MARK: - Folders

    /// A subfolder that cannot be read (0000, run as nobody): the run completes with exit 0 and
    /// names the folder; the photos in it keep their rows (not marked missing).
    @Test(.enabled(if: canDropPrivileges, "needs a non-root user or setpriv"))
    func unreadableSubfolderIsReportedAndItsRowsKept() throws {
        let library = try Library("photogrid-fault-unreadable")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        let album = library.photos.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("orientation/Landscape_2.jpg"),
                                         to: album.appendingPathComponent("inside.jpg"))
        #expect(try PhotoGridBinary.run(["index", library.photos.path, "--db", library.database]).status == 0)
        #expect(chmod(library.directory.path, 0o755) == 0)
        let run = try {
            #expect(chmod(album.path, 0) == 0)
            defer { chmod(album.path, 0o755) }
            return try Self.runUnprivileged(["index", library.photos.path, "--db", library.database],
                                            owning: library.directory)
        }()
        #expect(run.status == 0, "\(run.stderr)")
        #expect((run.stdoutText + run.stderr).contains("album"), "\(run.stdoutText) \(run.stderr)")
        #expect((run.stdoutText + run.stderr).contains("Permission denied"))
        let list = try PhotoGridBinary.run(["list", "--db", library.database])
        #expect(list.stdoutText.contains("album/inside.jpg"))
        #expect(!list.stdoutText.contains("missing"))
        try library.expectNothingLost(thumbnails: before)
    }

    /// Symlink loops (a link to its own folder, to the root, to itself) and a subfolder replaced by
    /// a dangling link: the index terminates, exit 0, the real photos indexed once.
    @Test func symlinkLoopsAndDanglingLinksTerminate() throws {
        let library = try Library("photogrid-fault-loop")
        defer { library.remove() }
        let before = try library.thumbnailFiles()
        let album = library.photos.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("orientation/Landscape_2.jpg"),
                                         to: album.appendingPathComponent("inside.jpg"))
        #expect(symlink(".", album.appendingPathComponent("loop").path) == 0)
        #expect(symlink("..", album.appendingPathComponent("up").path) == 0)
        #expect(symlink("self", library.photos.appendingPathComponent("self").path) == 0)
        #expect(symlink("/nonexistent/folder", library.photos.appendingPathComponent("gone").path) == 0)
        let run = try PhotoGridBinary.run(["index", library.photos.path, "--db", library.database, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try run.json()
        #expect(summary["added"] as? Int == 1)
        #expect(summary["scanned"] as? Int == 5)
        try library.expectNothingLost(thumbnails: before)
    }
}
