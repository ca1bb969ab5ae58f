import Foundation
import TestSupport
import Testing

/// `photogrid duplicates` through the built binary, on copies made by independent tools
/// (Tests/DuplicatesTests/Fixtures: vips, ImageMagick, heif-enc, cwebp, ffmpeg; exiftool here): the same
/// picture in six sizes and formats is one group, a byte copy is an exact group, and a darker variant, a
/// moved region, frames a second apart and copies whose capture times are 5 s apart are not copies.
@Suite("duplicates (binary)")
struct DuplicatesCommandTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/DuplicatesTests/Fixtures")
    static let samePicture = ["same-png-256.png", "same-q60-rot6.jpg", "same-vips-256.jpg", "same.avif", "same.heic", "same.webp"]
    static let others = ["other-dark.jpg", "other-frame1.jpg", "other-frame2.jpg"]

    /// The folder: the fixtures; `sub/dark-copy.jpg` (cp of other-dark.jpg); `moved-a`/`moved-c` (capture
    /// 10:00:00, c also with an Artist) and `moved-b` (10:00:05), all other-moved.jpg re-tagged by
    /// exiftool; `cut.png` (a PNG cut inside its pixels); modification times that make the keep rule's
    /// later steps decide.
    static func makeFolder(_ folder: URL) throws {
        let exiftool = try #require(ExternalTool("exiftool"), "exiftool is needed")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in samePicture + others {
            try manager.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try manager.copyItem(at: fixtures.appendingPathComponent("other-dark.jpg"), to: folder.appendingPathComponent("sub/dark-copy.jpg"))
        for (name, time, extra) in [("moved-a.jpg", "10:00:00", []), ("moved-b.jpg", "10:00:05", []), ("moved-c.jpg", "10:00:00", ["-Artist=c"])] {
            let path = folder.appendingPathComponent(name).path
            try manager.copyItem(atPath: fixtures.appendingPathComponent("other-moved.jpg").path, toPath: path)
            _ = try exiftool.run(["-q", "-overwrite_original", "-DateTimeOriginal=2024:06:01 \(time)"] + extra + [path])
        }
        let png = try Data(contentsOf: fixtures.appendingPathComponent("same-png-256.png"))
        try png.prefix(3_000).write(to: folder.appendingPathComponent("cut.png"))
        // Oldest first: the WebP (not an original format, so passed over), then the HEIC (kept: oldest).
        for (offset, name) in ["same.webp", "same.heic", "same.avif", "same-q60-rot6.jpg", "other-dark.jpg", "sub/dark-copy.jpg"].enumerated() {
            try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000 + Double(offset) * 86_400)],
                                      ofItemAtPath: folder.appendingPathComponent(name).path)
        }
    }

    @Test func copiesAreGroupedAndOtherMomentsAreNot() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("duplicates")
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("photos")
        try Self.makeFolder(folder)
        let database = directory.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", folder.path, "--db", database]).status == 0)

        let run = try PhotoGridBinary.run(["duplicates", "--db", database, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")  // not a terminal: no progress bar
        #expect(try JSONSchema(kind: "duplicates").problems(json: run.stdout) == [])
        let document = try run.json()
        #expect(document["version"] as? Int == 1)
        #expect(document["pending"] as? Int == 0)
        let groups = try #require(document["groups"] as? [[String: Any]])
        func paths(_ group: [String: Any]) -> [String] { (group["photos"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        let byFirst = Dictionary(uniqueKeysWithValues: groups.map { (paths($0).sorted().first ?? "", $0) })
        #expect(Set(groups.map { paths($0).sorted() }) == [Self.samePicture.sorted(), ["other-dark.jpg", "sub/dark-copy.jpg"], ["moved-a.jpg", "moved-c.jpg"]])

        let same = try #require(byFirst["same-png-256.png"])
        #expect(same["kind"] as? String == "near")
        #expect(paths(same).first == "same.heic")  // the kept copy comes first
        #expect(same["keepReason"] as? String == "oldest file")
        let copies = try #require(same["photos"] as? [[String: Any]])
        #expect(copies.filter { $0["keep"] as? Bool == true }.count == 1)
        let png = try #require(copies.first { $0["path"] as? String == "same-png-256.png" })
        #expect(png["width"] as? Int == 256 && png["height"] as? Int == 170 && png["format"] as? String == "png")
        #expect(png["fileSize"] as? Int == 74_364)

        let exact = try #require(byFirst["other-dark.jpg"])
        #expect(exact["kind"] as? String == "exact")
        #expect(paths(exact) == ["other-dark.jpg", "sub/dark-copy.jpg"])  // the older file is kept
        let moved = try #require(byFirst["moved-a.jpg"])
        #expect(moved["kind"] as? String == "near")
        #expect((moved["photos"] as? [[String: Any]])?.first?["takenAt"] as? String == "2024-06-01T10:00:00")

        let leftOut = try #require(document["leftOut"] as? [[String: Any]])
        #expect(leftOut.compactMap { $0["path"] as? String } == ["cut.png"])
        #expect((leftOut.first?["reason"] as? String ?? "").contains("PNG"))
        // One signature for each file but the byte copy (one content key), and cut.png's failure.
        let files = Self.samePicture.count + Self.others.count + 4 + 1
        #expect(document["signaturesMade"] as? Int == files - 1)
        #expect(document["photos"] as? Int == files)

        // The signatures are kept: a rerun makes none, and says the same.
        let again = try PhotoGridBinary.run(["duplicates", "--db", database, "--json"]).json()
        #expect(again["signaturesMade"] as? Int == 0)
        #expect((again["groups"] as? [[String: Any]])?.count == 3)
        let sqlite = try #require(ExternalTool("sqlite3"), "sqlite3 is needed")
        let rows = String(decoding: try sqlite.run([database, "SELECT (SELECT count(*) FROM picture_signatures), (SELECT count(*) FROM picture_signature_bytes), (SELECT count(error) FROM picture_signatures)"]), as: UTF8.self)
        #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "\(files - 1)|\(files - 2)|1")

        // --print0: the absolute paths of the copies not kept, NUL after each.
        let listed = try PhotoGridBinary.run(["duplicates", "--db", database, "--print0"])
        #expect(listed.status == 0)
        let others = listed.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(listed.stdout.last == 0)
        let expected = Self.samePicture.filter { $0 != "same.heic" } + ["sub/dark-copy.jpg", "moved-c.jpg"]
        #expect(Set(others) == Set(expected.map { folder.appendingPathComponent($0).path }))
        #expect(others.count == expected.count)

        // The text: one line a group header, the kept copy marked.
        let text = try PhotoGridBinary.run(["duplicates", "--db", database])
        #expect(text.status == 0)
        #expect(text.stdoutText.hasPrefix("3 groups of copies, 7 copies not kept"))
        #expect(text.stdoutText.contains("  keep  same.heic  400×266 heic"))
        #expect(text.stdoutText.contains("exact copies (keep: oldest file)"))
        // No file was touched.
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sub/dark-copy.jpg").path))
    }

    @Test func optionsAreChecked() throws {
        let both = try PhotoGridBinary.run(["duplicates", "--db", "/nonexistent/x.sqlite", "--json", "--print0"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--json and --print0"))
        let jobs = try PhotoGridBinary.run(["duplicates", "--db", "/nonexistent/x.sqlite", "--jobs", "0"])
        #expect(jobs.status == 64)
        let missing = try PhotoGridBinary.run(["duplicates", "--db", "/nonexistent/x.sqlite"])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
