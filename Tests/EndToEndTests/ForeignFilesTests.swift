import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files that are not photogrid's are never touched: another program's database, a folder of
/// photos given as a cache or export folder, another library's thumbnails. Caches are pruned of
/// sizes no longer used; a read-only library can be read; a command that fails leaves nothing it
/// made behind. Run with the built binary on real files.
@Suite(.serialized) struct ForeignFilesTests {
    /// A scratch folder with a copy of four orientation samples in `photos/`.
    struct Scratch {
        let directory: URL
        let photos: URL

        init(_ label: String) throws {
            directory = try PhotoGridBinary.temporaryDirectory(label)
            photos = directory.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            let orientation = Repository.sampleImages.appendingPathComponent("orientation")
            for name in ["Landscape_1.jpg", "Landscape_6.jpg", "Portrait_1.jpg", "Portrait_8.jpg"] {
                try FileManager.default.copyItem(at: orientation.appendingPathComponent(name),
                                                  to: photos.appendingPathComponent(name))
            }
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// Every file under `folder` (relative path → bytes), hidden ones included.
    static func tree(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[relative] = try Data(contentsOf: url)
            }
        }
        return files
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Runs a python3 script with arguments (sqlite3 module: a tool independent of photogrid).
    static func python(_ script: String, _ arguments: [String]) throws -> PhotoGridRun {
        try PhotoGridBinary.run(executable: URL(fileURLWithPath: try #require(FaultInjectionTests.python3)),
                                ["-c", script] + arguments)
    }

    /// The commands that take `--db`, each as a user would type it (render writes into `scratch`).
    static func databaseCommands(_ scratch: Scratch) -> [[String]] {
        [["index", scratch.photos.path], ["list"], ["stats"], ["thumbs", "--out", scratch.path("th")],
         ["layout", "--width", "393"], ["detail", "0", "--width", "393"],
         ["render", "--width", "393", "--out", scratch.path("r.jpg")]]
    }

    // MARK: - Databases that are not ours (item 3)

    /// Another program's SQLite database in rollback-journal mode (made by Python's sqlite3): every
    /// command refuses it with one line and exit 1, and it stays byte-identical (header bytes 18–19
    /// still 1 = rollback journal) with no -wal, -shm or -journal beside it. Today's photogrid switched
    /// it to WAL and left -wal/-shm.
    @Test(.enabled(if: FaultInjectionTests.python3 != nil, "needs python3"))
    func anotherProgramsDatabaseIsLeftByteIdentical() throws {
        let scratch = try Scratch("photogrid-foreign-db")
        defer { scratch.remove() }
        let database = scratch.path("other.sqlite")
        let make = try Self.python("""
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
            db.execute("INSERT INTO notes (text) VALUES ('mine')")
            db.commit()
            """, [database])
        #expect(make.status == 0, "\(make.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        #expect(before.count == 8192 && before[18] == 1 && before[19] == 1)  // two pages, rollback journal

        var runs = Self.databaseCommands(scratch).map { $0 + ["--db", database] }
        // export's library is DIR/photogrid.sqlite: a foreign one there is refused the same way.
        let exportFolder = scratch.directory.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
        try before.write(to: exportFolder.appendingPathComponent("photogrid.sqlite"))
        runs.append(["export", scratch.photos.path, "--out", exportFolder.path])
        for arguments in runs {
            let run = try PhotoGridBinary.run(arguments)
            #expect(run.status == 1, "\(arguments): \(run.stderr)")
            FaultInjectionTests.expectOneErrorLine(run, containing: "not a photogrid library")
        }
        for file in [database, exportFolder.appendingPathComponent("photogrid.sqlite").path] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "\(file)")
            for suffix in ["-wal", "-shm", "-journal"] { #expect(!Self.exists(file + suffix), "\(file)\(suffix)") }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: exportFolder.path) == ["photogrid.sqlite"])
        #expect(!Self.exists(scratch.path("th")) && !Self.exists(scratch.path("r.jpg")))
    }

    /// An empty file and a text file given as --db: refused with one line naming what they are, and
    /// left as they were (today `index` turned the empty file into a library).
    @Test func emptyAndTextFilesAreRefusedUntouched() throws {
        let scratch = try Scratch("photogrid-foreign-file")
        defer { scratch.remove() }
        let empty = scratch.path("empty.sqlite"), text = scratch.path("notes.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let words = Data("my notes, not a database\n".utf8)
        #expect(FileManager.default.createFile(atPath: text, contents: words))
        for (file, reason, bytes) in [(empty, "it is an empty file", Data()), (text, "it is not an SQLite database", words)] {
            for arguments in Self.databaseCommands(scratch) {
                let run = try PhotoGridBinary.run(arguments + ["--db", file])
                #expect(run.status == 1, "\(arguments) \(file): \(run.stderr)")
                FaultInjectionTests.expectOneErrorLine(run, containing: reason)
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == bytes)
            for suffix in ["-wal", "-shm", "-journal"] { #expect(!Self.exists(file + suffix)) }
        }
    }

    // MARK: - Cache and export folders (items 2 and 4)

    /// `thumbs --out <the photo folder>` is refused: exit 1, one line, and the folder holds exactly
    /// the four photos it held (today it got CACHEDIR.TAG, a lock and a grid folder).
    @Test func thumbsRefusesAFolderOfPhotos() throws {
        let scratch = try Scratch("photogrid-foreign-cache")
        defer { scratch.remove() }
        let database = scratch.path("library.sqlite")
        #expect(try PhotoGridBinary.run(["index", scratch.photos.path, "--db", database]).status == 0)
        let before = try Self.tree(scratch.photos)
        #expect(before.count == 4)
        let run = try PhotoGridBinary.run(["thumbs", "--db", database, "--out", scratch.photos.path])
        #expect(run.status == 1)
        FaultInjectionTests.expectOneErrorLine(run, containing: "is not empty and photogrid did not make it")
        FaultInjectionTests.expectOneErrorLine(run, containing: "nothing was written (give a new or empty folder)")
        #expect(try Self.tree(scratch.photos) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.photos.path).count == 4)

        // An empty folder the user made is accepted, tagged and owned.
        let empty = scratch.directory.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let made = try PhotoGridBinary.run(["thumbs", "--db", database, "--out", empty.path, "--width", "100", "--scale", "1"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(Self.exists(empty.appendingPathComponent("CACHEDIR.TAG").path))
        #expect(try Self.tree(empty.appendingPathComponent("grid-100")).count == 4)
    }

    /// `export --out` accepts a new folder or one a previous export made, and refuses a folder of
    /// other files (here: the photos themselves, and a folder with a note) without writing to it.
    @Test func exportRefusesAFolderItDidNotMake() throws {
        let scratch = try Scratch("photogrid-foreign-export")
        defer { scratch.remove() }
        let notes = scratch.directory.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("keep me\n".utf8).write(to: notes.appendingPathComponent("todo.txt"))
        for folder in [scratch.photos, notes] {
            let before = try Self.tree(folder)
            let run = try PhotoGridBinary.run(["export", scratch.photos.path, "--out", folder.path])
            #expect(run.status == 1)
            FaultInjectionTests.expectOneErrorLine(run, containing: "is not empty and holds no photogrid export")
            FaultInjectionTests.expectOneErrorLine(run, containing: "nothing was written (give a new or empty folder)")
            #expect(try Self.tree(folder) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == before.count)
        }
        let gallery = scratch.path("gallery")
        #expect(try PhotoGridBinary.run(["export", scratch.photos.path, "--out", gallery]).status == 0)
        let again = try PhotoGridBinary.run(["export", scratch.photos.path, "--out", gallery])
        #expect(again.status == 0, "\(again.stderr)")

        // A library in the photo folder (`photogrid index .` there) does not make it an export folder.
        #expect(try PhotoGridBinary.run(["index", scratch.photos.path,
                                         "--db", scratch.photos.appendingPathComponent("photogrid.sqlite").path]).status == 0)
        let before = try Self.tree(scratch.photos)
        let into = try PhotoGridBinary.run(["export", scratch.photos.path, "--out", scratch.photos.path])
        #expect(into.status == 1)
        FaultInjectionTests.expectOneErrorLine(into, containing: "is not empty and holds no photogrid export")
        #expect(try Self.tree(scratch.photos).keys.sorted() == before.keys.sorted())
        #expect(!Self.exists(scratch.photos.appendingPathComponent("layout.json").path))
    }

    /// Two libraries, one thumbnail folder: `thumbs --db a` fills it; `thumbs --db b` with the same
    /// --out is refused (one line naming the owner, exit 1) and a's files are byte-identical. Today
    /// b removed a's thumbnails as "old" and made its own.
    @Test func secondLibraryCannotTakeAnotherLibrarysFolder() throws {
        let scratch = try Scratch("photogrid-two-libraries")
        defer { scratch.remove() }
        let a = scratch.path("a.sqlite"), b = scratch.path("b.sqlite"), folder = scratch.directory.appendingPathComponent("th")
        // b indexes other photos than a, so b's cleanup would see a's files as unreferenced.
        let other = scratch.directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("orientation/Landscape_2.jpg"),
                                         to: other.appendingPathComponent("x.jpg"))
        #expect(try PhotoGridBinary.run(["index", scratch.photos.path, "--db", a]).status == 0)
        #expect(try PhotoGridBinary.run(["index", other.path, "--db", b]).status == 0)
        let thumbs = ["thumbs", "--out", folder.path, "--width", "100", "--scale", "1"]
        #expect(try PhotoGridBinary.run(thumbs + ["--db", a]).status == 0)
        let before = try Self.tree(folder)
        #expect(before.keys.filter { $0.hasPrefix("grid-100/") }.count == 4)
        let run = try PhotoGridBinary.run(thumbs + ["--db", b])
        #expect(run.status == 1)
        FaultInjectionTests.expectOneErrorLine(run, containing: "holds the thumbnails of another library")
        FaultInjectionTests.expectOneErrorLine(run, containing: "nothing was written (give this library its own folder)")
        #expect(try Self.tree(folder) == before)
        // a still finds all four current.
        let rerun = try PhotoGridBinary.run(thumbs + ["--db", a, "--json"])
        #expect(try rerun.json()["skipped"] as? Int == 4)
    }

    // MARK: - Old sizes (item 16)

    /// The thumbnail variants with records in the library at `database`, read with Python's sqlite3.
    static func recordedVariants(_ database: String) throws -> [String] {
        let run = try python("""
            import sqlite3, sys
            for (v,) in sqlite3.connect(sys.argv[1]).execute("SELECT DISTINCT variant FROM thumbnails ORDER BY 1"):
                print(v)
            """, [database])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdoutText.split(separator: "\n").map(String.init)
    }

    /// `export --width 393` then `export --width 820`: the first export's folders and records are
    /// gone, the second's are all there. By hand (adaptive columns of minimum 100 pt, spacing 3:
    /// n = ⌊(W + 3) / 103⌋): 393 pt → 3 columns of (393 − 6) / 3 = 129 pt → grid-387 at 3×; 820 pt →
    /// 7 columns of (820 − 18) / 7 = 114.571… pt → 343.7 → grid-344. Detail: the long side × 3,
    /// 759 × 3 = 2277 and 820 × 3 = 2460.
    @Test(.enabled(if: FaultInjectionTests.python3 != nil, "needs python3"))
    func exportRemovesSizesItNoLongerUses() throws {
        let scratch = try Scratch("photogrid-export-prune")
        defer { scratch.remove() }
        let gallery = scratch.directory.appendingPathComponent("gallery")
        let thumbnails = gallery.appendingPathComponent("thumbnails")
        #expect(try PhotoGridBinary.run(["export", scratch.photos.path, "--out", gallery.path, "--width", "393"]).status == 0)
        #expect(try ThumbsCommandTests.files(in: thumbnails).filter { !$0.hasPrefix(".") }
                == ["CACHEDIR.TAG", "detail-2277", "grid-387"])
        let run = try PhotoGridBinary.run(["export", scratch.photos.path, "--out", gallery.path, "--width", "820"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ThumbsCommandTests.files(in: thumbnails).filter { !$0.hasPrefix(".") }
                == ["CACHEDIR.TAG", "detail-2460", "grid-344"])
        #expect(try Self.recordedVariants(gallery.appendingPathComponent("photogrid.sqlite").path) == ["detail-2460", "grid-344"])
        #expect(try Self.tree(thumbnails.appendingPathComponent("grid-344")).count == 4)
    }

    /// `thumbs --prune` removes the other sizes of this library (files and records); without it
    /// they stay. At scale 1 a 100 or 200 pt wide grid has one column (⌊(W + 3) / 103⌋ = 1), so
    /// cells of 100 and 200 px.
    @Test(.enabled(if: FaultInjectionTests.python3 != nil, "needs python3"))
    func thumbsPruneRemovesOtherSizes() throws {
        let scratch = try Scratch("photogrid-thumbs-prune")
        defer { scratch.remove() }
        let database = scratch.path("library.sqlite"), folder = scratch.directory.appendingPathComponent("th")
        #expect(try PhotoGridBinary.run(["index", scratch.photos.path, "--db", database]).status == 0)
        let thumbs = ["thumbs", "--db", database, "--out", folder.path, "--scale", "1"]
        #expect(try PhotoGridBinary.run(thumbs + ["--width", "100"]).status == 0)
        #expect(try PhotoGridBinary.run(thumbs + ["--width", "200"]).status == 0)
        #expect(try Self.recordedVariants(database) == ["grid-100", "grid-200"])
        let run = try PhotoGridBinary.run(thumbs + ["--width", "200", "--prune", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["removed"] as? Int == 4)
        #expect(try ThumbsCommandTests.files(in: folder).filter { !$0.hasPrefix(".") } == ["CACHEDIR.TAG", "grid-200"])
        #expect(try Self.recordedVariants(database) == ["grid-200"])
    }

    // MARK: - Read-only libraries (item 12)

    /// A library in a read-only folder, file mode 0444, no -wal or -shm (as copied from a read-only
    /// mount), run as `nobody`: list, stats, layout, detail and render work and create nothing;
    /// index and thumbs are one line, exit 1. Today every read command failed to open it.
    @Test(.enabled(if: FaultInjectionTests.canDropPrivileges, "needs a non-root user or setpriv"))
    func readOnlyLibraryCanBeListedLaidOutAndRendered() throws {
        let scratch = try Scratch("photogrid-readonly")
        defer {
            chmod(scratch.path("library"), 0o755)
            scratch.remove()
        }
        let library = scratch.directory.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let database = library.appendingPathComponent("l.sqlite").path
        #expect(try PhotoGridBinary.run(["index", scratch.photos.path, "--db", database]).status == 0)
        for suffix in ["-wal", "-shm"] { unlink(database + suffix) }  // checkpointed on close: the file is whole
        let output = scratch.directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FaultInjectionTests.chownRecursively(scratch.directory, to: FaultInjectionTests.nobody)
        #expect(chmod(database, 0o444) == 0 && chmod(library.path, 0o555) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        func run(_ arguments: [String]) throws -> PhotoGridRun {
            guard FaultInjectionTests.isRoot else { return try PhotoGridBinary.run(arguments + ["--db", database]) }
            return try FaultInjectionTests.run(FaultInjectionTests.setpriv, [
                "--reuid=\(FaultInjectionTests.nobody)", "--regid=\(FaultInjectionTests.nobody)", "--clear-groups",
                "--inh-caps=-all", "--", try PhotoGridBinary.url.path] + arguments + ["--db", database])
        }
        let list = try run(["list"])
        #expect(list.status == 0, "\(list.stderr)")
        for name in ["Landscape_1.jpg", "Landscape_6.jpg", "Portrait_1.jpg", "Portrait_8.jpg"] {
            #expect(list.stdoutText.contains(name))
        }
        let stats = try run(["stats", "--check"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdoutText.contains(try Regex("(?m)^Integrity: +ok$")))
        let layout = try run(["layout", "--width", "393", "--all"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect((try layout.json()["cells"] as? [Any])?.count == 4)
        let detail = try run(["detail", "3", "--width", "393"])
        #expect(detail.status == 0, "\(detail.stderr)")
        let picture = output.appendingPathComponent("grid.jpg").path
        let render = try run(["render", "--width", "393", "--out", picture])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(Self.exists(picture))
        for arguments in [["index", scratch.photos.path], ["thumbs", "--out", output.appendingPathComponent("th").path]] {
            let refused = try run(arguments)
            #expect(refused.status == 1)
            FaultInjectionTests.expectOneErrorLine(refused, containing: "cannot be written")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: library.path) == ["l.sqlite"])
        #expect(!Self.exists(output.appendingPathComponent("th").path))  // the failed thumbs left no folder
    }

    // MARK: - Failed commands leave nothing (item 15)

    /// `export /nonexistent --out newdir` and `index /nonexistent --db new.sqlite` fail (exit 1) and
    /// leave neither newdir nor new.sqlite; an export refused for its library leaves no folder either.
    @Test func failedCommandsLeaveNoOutputBehind() throws {
        let scratch = try Scratch("photogrid-failed-run")
        defer { scratch.remove() }
        let missing = scratch.path("nonexistent")
        let export = try PhotoGridBinary.run(["export", missing, "--out", scratch.path("newdir/deeper")])
        #expect(export.status == 1)
        FaultInjectionTests.expectOneErrorLine(export, containing: "no such folder")
        let index = try PhotoGridBinary.run(["index", missing, "--db", scratch.path("new.sqlite")])
        #expect(index.status == 1)
        let thumbs = try PhotoGridBinary.run(["thumbs", "--db", scratch.path("none.sqlite"), "--out", scratch.path("th")])
        #expect(thumbs.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.directory.path) == ["photos"])
    }
}
