import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// No photo disappears without a word, and PhotoGrid's outputs never become photos: `index`,
/// `export`, `list --skipped` and `thumbs` run as a user would. Every expected count is the
/// number of files the test put in the folder.
@Suite(.serialized) struct AccountingCommandTests {
    /// A photo folder of `names` (orientation samples, copied under the given relative paths).
    static func photoFolder(_ root: URL, _ files: [(sample: String, path: String)]) throws {
        for file in files {
            let target = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Repository.sampleImages.appendingPathComponent("orientation/" + file.sample), to: target)
        }
    }

    static let threePhotos: [(sample: String, path: String)] = [
        ("Landscape_1.jpg", "a.jpg"), ("Portrait_6.jpg", "b.jpg"), ("Landscape_3.jpg", "trip/c.jpg"),
    ]

    /// The number of cells of an export's layout.json.
    static func cells(_ layout: URL) throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: layout)) as? [String: Any]
        return try #require(object?["cells"] as? [[String: Any]]).count
    }

    /// `export A --out A/gallery` twice, then a plain `index A`: 3 photos every time, as the folder
    /// has; grid.jpg, layout.json and the thumbnails are never indexed.
    @Test func exportIntoThePhotoFolderSettles() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-export-inside")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("A")
        try Self.photoFolder(photos, Self.threePhotos)
        let gallery = photos.appendingPathComponent("gallery")
        for run in 1...2 {
            let export = try PhotoGridBinary.run(["export", photos.path, "--out", gallery.path, "--width", "200"])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdoutText.hasPrefix("Indexed 3 photo files:"), "run \(run): \(export.stdoutText)")
            #expect(try Self.cells(gallery.appendingPathComponent("layout.json")) == 3, "run \(run)")
        }
        let database = directory.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        let summary = try index.json()
        #expect(summary["scanned"] as? Int == 3)
        #expect(summary["added"] as? Int == 3)
        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let paths = try #require(try list.json()["photos"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(Set(paths) == ["a.jpg", "b.jpg", "trip/c.jpg"])
    }

    /// `export A --out A`: the photo folder is not an export folder; the export is refused with one
    /// line and nothing is written among the photos (an export inside it, `A/gallery`, settles: above).
    @Test func exportIntoThePhotoFolderItselfIsRefused() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-export-itself")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("A")
        try Self.photoFolder(photos, Self.threePhotos)
        let before = try FileManager.default.subpathsOfDirectory(atPath: photos.path).sorted()
        let export = try PhotoGridBinary.run(["export", photos.path, "--out", photos.path, "--width", "200"])
        #expect(export.status == 1)
        FaultInjectionTests.expectOneErrorLine(export, containing: "is not empty and holds no photogrid export")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: photos.path).sorted() == before)
    }

    /// A folder with entries of every kind: the JSON summary counts each once, the counts add up to
    /// what was seen, and `list --skipped` names each skipped entry with its kind.
    @Test func indexAccountsForEveryEntryAndListNamesTheSkippedOnes() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-accounting")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try Self.photoFolder(photos, [("Landscape_1.jpg", "a.jpg"), ("Portrait_1.jpg", "album/b.jpg"),
                                      ("Landscape_2.jpg", ".hidden-folder/c.jpg")])
        let others: [String: String] = [
            "anim.gif": "image", "scan.TIFF": "image", "album/IMG_1.jxl": "image", "raw.cr3": "raw",
            "raw.ARW": "raw", "clip.avi": "video", "clip.MKV": "video", "readme.txt": "other", "IMG_1.xmp": "other",
            ".DS_Store": "hidden",
        ]
        for name in others.keys {
            try Data("not a JPEG".utf8).write(to: photos.appendingPathComponent(name))
        }
        try Data("not a JPEG either".utf8).write(to: photos.appendingPathComponent("broken.jpg"))
        #expect(symlink("a.jpg", photos.appendingPathComponent("link.jpg").path) == 0)
        var expected = others
        expected[".hidden-folder"] = "hidden"
        expected["link.jpg"] = "symlink"

        let database = directory.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"])
        #expect(index.status == 0, "\(index.stderr)")
        let summary = try index.json()
        #expect(summary["scanned"] as? Int == 3)   // a.jpg, album/b.jpg, broken.jpg
        #expect(summary["errors"] as? Int == 1)
        let skipped = try #require(summary["skipped"] as? [String: Int])
        #expect(skipped == ["image": 3, "raw": 2, "video": 2, "other": 2, "hidden": 2, "symlink": 1,
                            "cache": 0, "pseudo": 0, "output": 0])
        #expect(summary["seen"] as? Int == 3 + expected.count)
        #expect(summary["seen"] as? Int == (summary["scanned"] as? Int ?? 0) + (summary["vanished"] as? Int ?? 0)
                    + skipped.values.reduce(0, +))
        let text = try PhotoGridBinary.run(["index", photos.path, "--db", database])
        #expect(text.stdoutText.contains("Skipped 12 of 15 entries: 3 other images, 2 raw camera files, 2 videos, "
                                         + "2 other files, 2 hidden, 1 symbolic link"), "\(text.stdoutText)")

        let list = try PhotoGridBinary.run(["list", "--skipped", "--db", database, "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let entries = try #require(try list.json()["skipped"] as? [[String: String]])
        #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0["path"] ?? "", $0["kind"] ?? "") }) == expected)
        let table = try PhotoGridBinary.run(["list", "--skipped", "--db", database])
        #expect(table.stdoutText.contains(try Regex("(?m)^raw +raw\\.cr3$")), "\(table.stdoutText)")
        #expect(table.stdoutText.hasSuffix("\n12 skipped\n"))
    }

    /// A file that was not readable (permission denied, as `nobody`) and becomes readable without
    /// changing: the next plain `index` reads it.
    @Test(.enabled(if: FaultInjectionTests.canDropPrivileges, "needs a non-root user or setpriv"))
    func permissionDeniedRowIsRetriedOnceReadable() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-retry-permission")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try Self.photoFolder(photos, [("Landscape_1.jpg", "a.jpg"), ("Portrait_1.jpg", "locked.jpg")])
        #expect(chmod(directory.path, 0o755) == 0)
        let locked = photos.appendingPathComponent("locked.jpg").path
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(chmod(locked, 0) == 0)
        let first = try FaultInjectionTests.runUnprivileged(["index", photos.path, "--db", database, "--json"],
                                                            owning: directory)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try first.json()["errors"] as? Int == 1)
        #expect(chmod(locked, 0o644) == 0)   // mode changes: size and mtime do not
        let second = try FaultInjectionTests.runUnprivileged(["index", photos.path, "--db", database, "--json"],
                                                             owning: directory)
        #expect(second.status == 0, "\(second.stderr)")
        let summary = try second.json()
        #expect(summary["retried"] as? Int == 1)
        #expect(summary["errors"] as? Int == 0)
        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let rows = try #require(try list.json()["photos"] as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0["status"] as? String == "ok" })
    }

    /// A file that was not a JPEG is replaced by one of the same size and mtime: a plain `index`
    /// keeps the error row (nothing says it changed), `index --retry-errors` reads it again.
    @Test func retryErrorsReadsEveryErrorRowAgain() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-retry-all")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let photo = try Data(contentsOf: Repository.sampleImages.appendingPathComponent("orientation/Landscape_1.jpg"))
        let file = photos.appendingPathComponent("later.jpg")
        try Data(repeating: 0x20, count: photo.count).write(to: file)
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"]).json()["errors"] as? Int == 1)

        try photo.write(to: file)
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        let plain = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"]).json()
        #expect(plain["errors"] as? Int == 1)
        #expect(plain["retried"] as? Int == 0)
        let retry = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--retry-errors", "--json"])
        #expect(retry.status == 0, "\(retry.stderr)")
        let summary = try retry.json()
        #expect(summary["retried"] as? Int == 1)
        #expect(summary["errors"] as? Int == 0)
    }

    /// Two photos deleted for good: `index --prune` removes their rows and the thumbnail files only
    /// they used, and says how many; the remaining photo keeps its thumbnail.
    @Test func pruneRemovesMissingPhotosAndTheirThumbnails() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-prune")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try Self.photoFolder(photos, Self.threePhotos)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let thumbs = try PhotoGridBinary.run(["thumbs", "--db", database, "--width", "100", "--scale", "1"])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        let grid = directory.appendingPathComponent("thumbnails/grid-100")
        #expect(try FileManager.default.contentsOfDirectory(atPath: grid.path).count == 3)

        try FileManager.default.removeItem(at: photos.appendingPathComponent("a.jpg"))
        try FileManager.default.removeItem(at: photos.appendingPathComponent("trip"))
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"]).json()["missing"] as? Int == 2)
        let prune = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--prune", "--json"])
        #expect(prune.status == 0, "\(prune.stderr)")
        let summary = try prune.json()
        #expect(summary["pruned"] as? Int == 2)
        #expect(summary["prunedThumbnails"] as? Int == 2)
        #expect(summary["missing"] as? Int == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: grid.path).count == 1)
        let list = try PhotoGridBinary.run(["list", "--db", database, "--json"])
        let rows = try #require(try list.json()["photos"] as? [[String: Any]])
        #expect(rows.compactMap { $0["path"] as? String } == ["b.jpg"])
        let again = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--prune"])
        #expect(again.stdoutText.contains("Pruned 0 missing photos and 0 thumbnail files."), "\(again.stdoutText)")
    }

    /// `index B` on a library of `A` is refused (exit 1, one line, nothing changed); after `A` is
    /// renamed, `thumbs` says so in one line instead of failing every photo, and `index --move-root`
    /// moves the library, keeping every row.
    @Test func anotherFolderIsRefusedAndARenamedFolderIsOneLine() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-move-root")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("A")
        try Self.photoFolder(photos, Self.threePhotos)
        let other = directory.appendingPathComponent("B")
        try Self.photoFolder(other, [("Landscape_5.jpg", "x.jpg")])
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let before = try PhotoGridBinary.run(["list", "--db", database, "--json"]).stdoutText

        let refused = try PhotoGridBinary.run(["index", other.path, "--db", database])
        #expect(refused.status == 1)
        FaultInjectionTests.expectOneErrorLine(refused, containing: "--move-root")
        #expect(try PhotoGridBinary.run(["list", "--db", database, "--json"]).stdoutText == before)

        let renamed = directory.appendingPathComponent("A-renamed")
        try FileManager.default.moveItem(at: photos, to: renamed)
        let thumbs = try PhotoGridBinary.run(["thumbs", "--db", database])
        #expect(thumbs.status == 1)
        FaultInjectionTests.expectOneErrorLine(thumbs, containing: "no longer exists")
        let gone = try PhotoGridBinary.run(["index", renamed.path, "--db", database])
        #expect(gone.status == 1)
        FaultInjectionTests.expectOneErrorLine(gone, containing: "no longer exists")

        let moved = try PhotoGridBinary.run(["index", renamed.path, "--db", database, "--move-root", "--json"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let summary = try moved.json()
        #expect(summary["unchanged"] as? Int == 3)
        #expect(summary["missing"] as? Int == 0)
        #expect(summary["movedFrom"] as? String == photos.resolvingSymlinksInPath().path)
        #expect(try PhotoGridBinary.run(["list", "--db", database, "--json"]).stdoutText == before)
    }

    /// A subfolder that cannot be read (as `nobody`): `index --json` names it with the rows it kept,
    /// and `export` names it too.
    @Test(.enabled(if: FaultInjectionTests.canDropPrivileges, "needs a non-root user or setpriv"))
    func unreadableFolderIsNamedWithItsRowsByIndexAndExport() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-unreadable-rows")
        defer { try? FileManager.default.removeItem(at: directory) }
        let photos = directory.appendingPathComponent("photos")
        try Self.photoFolder(photos, [("Landscape_1.jpg", "a.jpg"), ("Portrait_1.jpg", "private/b.jpg"),
                                      ("Portrait_2.jpg", "private/c.jpg")])
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        #expect(chmod(directory.path, 0o755) == 0)
        let privateFolder = photos.appendingPathComponent("private").path
        let (index, export) = try {
            #expect(chmod(privateFolder, 0) == 0)
            defer { chmod(privateFolder, 0o755) }
            let index = try FaultInjectionTests.runUnprivileged(["index", photos.path, "--db", database, "--json"],
                                                                owning: directory)
            let export = try FaultInjectionTests.runUnprivileged(
                ["export", photos.path, "--out", directory.appendingPathComponent("out").path, "--width", "200"],
                owning: directory)
            return (index, export)
        }()
        #expect(index.status == 0, "\(index.stderr)")
        let folders = try #require(try index.json()["unreadableFolders"] as? [[String: Any]])
        #expect(folders.count == 1)
        #expect(folders.first?["path"] as? String == "private")
        #expect(folders.first?["rowsKept"] as? Int == 2)
        #expect(folders.first?["error"] as? String == "Permission denied")
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdoutText.contains("could not be read (their photos were left as they were): "
                                           + "private: Permission denied"), "\(export.stdoutText)")
    }
}
