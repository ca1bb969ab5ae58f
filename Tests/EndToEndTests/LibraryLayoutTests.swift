import Foundation
import Testing

/// `layout` and `detail` on an indexed library equal the same questions asked with `--sizes`.
@Suite("photogrid layout / detail on a library (binary)")
struct LibraryLayoutTests {
    /// Indexes SampleImages into a fresh database; returns its path and the grid's display sizes.
    func indexedSamples() throws -> (db: String, sizes: String, count: Int, dir: URL) {
        let dir = try PhotoGridBinary.temporaryDirectory()
        let db = dir.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", PhotoGridBinary.sampleImages.path, "--db", db])
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
