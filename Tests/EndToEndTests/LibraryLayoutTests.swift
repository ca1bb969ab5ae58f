import Foundation
import TestSupport
import Testing

/// `layout` and `detail` on an indexed library equal the same questions asked with `--sizes`.
@Suite("photogrid layout / detail on a library (binary)")
struct LibraryLayoutTests {
    /// Indexes SampleImages into a fresh database; returns its path and the grid's display sizes.
    func indexedSamples() throws -> (db: String, sizes: String, count: Int, dir: URL) {
        let dir = try PhotoGridBinary.temporaryDirectory()
        let db = dir.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", Repository.sampleImages.path, "--db", db])
        #expect(index.status == 0, "\(index.stderr)")
        let list = try PhotoGridBinary.run(["list", "--db", db, "--json"])
        let photos = try #require(try list.json()["photos"] as? [[String: Any]]).filter { $0["status"] as? String == "ok" }
        let sizes = photos.map { "\($0["pixelWidth"] as? Int ?? 0)x\($0["pixelHeight"] as? Int ?? 0)" }.joined(separator: ",")
        return (db, sizes, photos.count, dir)
    }

    func withoutIdentity(_ cells: [[String: Any]]) -> [NSDictionary] {
        cells.map { cell in
            var c = cell
            c.removeValue(forKey: "id")
            c.removeValue(forKey: "path")
            return c as NSDictionary
        }
    }

    @Test("--sizes mode equals database mode for the same sizes (all cells, a visible window, a detail)")
    func sizesEqualsDatabase() throws {
        let (db, sizes, count, dir) = try indexedSamples()
        defer { try? FileManager.default.removeItem(at: dir) }
        // SampleImages holds 26 photos (10 + 16 orientation examples), all readable.
        #expect(count == 26)
        for extra in [["--all"], ["--offset", "200", "--height", "300"], ["--width", "1024", "--all"]] {
            var common = ["layout", "--width", "393"] + extra
            if extra.first == "--width" { common = ["layout"] + extra }
            let fromDB = try PhotoGridBinary.run(common + ["--db", db]).json()
            let fromSizes = try PhotoGridBinary.run(common + ["--sizes", sizes]).json()
            let a = try #require(fromDB["cells"] as? [[String: Any]]), b = try #require(fromSizes["cells"] as? [[String: Any]])
            #expect(!a.isEmpty)
            #expect(withoutIdentity(a) == withoutIdentity(b))
            #expect((fromDB["grid"] as? NSDictionary) == (fromSizes["grid"] as? NSDictionary))
            #expect(a.allSatisfy { $0["id"] is Int && $0["path"] is String })
        }
        // 26 photos at 393: 9 rows; the window [200, 500) shows rows 1…3 (y 132, 264, 396): cells 3…11.
        let window = try PhotoGridBinary.run(["layout", "--width", "393", "--offset", "200", "--height", "300", "--db", db]).json()
        #expect((window["cells"] as? [[String: Any]])?.compactMap { $0["index"] as? Int } == Array(3...11))
        let d1 = try PhotoGridBinary.run(["detail", "7", "--width", "393", "--height", "759", "--progress", "0.25", "--db", db]).json()
        let d2 = try PhotoGridBinary.run(["detail", "7", "--width", "393", "--height", "759", "--progress", "0.25", "--sizes", sizes]).json()
        var d1c = d1
        d1c.removeValue(forKey: "id")
        d1c.removeValue(forKey: "path")
        #expect(d1c as NSDictionary == d2 as NSDictionary)
        #expect(d1["path"] is String)
    }

    @Test("a missing database is one line and exit 1; an unknown index exit 64")
    func errors() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try PhotoGridBinary.run(["layout", "--width", "393", "--db", dir.appendingPathComponent("none.sqlite").path])
        #expect(missing.status == 1 && missing.stderr.split(separator: "\n").count == 1)
        let (db, _, _, dir2) = try indexedSamples()
        defer { try? FileManager.default.removeItem(at: dir2) }
        let unknown = try PhotoGridBinary.run(["detail", "26", "--width", "393", "--height", "759", "--db", db])
        #expect(unknown.status == 64 && unknown.stderr.contains("index 26 is out of range"))
    }
}

@Suite("grid size kept by triggers (binary)")
struct GridSizeTests {
    func count(_ db: String) throws -> Int? {
        let grid = try PhotoGridBinary.run(["layout", "--width", "393", "--db", db]).json()["grid"] as? [String: Any]
        return grid?["count"] as? Int
    }

    @Test("the grid count follows added, vanished, broken and restored photos")
    func gridCountFollowsRescans() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["dragonfly.jpg", "sunset.jpg", "umang.jpg"] {
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(name),
                                             to: photos.appendingPathComponent(name))
        }
        let db = dir.appendingPathComponent("g.sqlite").path
        func index() throws { #expect(try PhotoGridBinary.run(["index", photos.path, "--db", db]).status == 0) }
        try index()
        #expect(try count(db) == 3)
        // Vanished → missing: out of the grid.
        try FileManager.default.removeItem(at: photos.appendingPathComponent("umang.jpg"))
        try index()
        #expect(try count(db) == 2)
        // A photo that turns into garbage → error row: out of the grid.
        try Data("not a jpeg".utf8).write(to: photos.appendingPathComponent("sunset.jpg"))
        try index()
        #expect(try count(db) == 1)
        // Back again: in the grid.
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("umang.jpg"),
                                         to: photos.appendingPathComponent("umang.jpg"))
        try index()
        #expect(try count(db) == 2)
        let all = try PhotoGridBinary.run(["layout", "--width", "393", "--all", "--db", db]).json()
        #expect((all["cells"] as? [Any])?.count == 2)
    }
}
