import Foundation
import TestSupport
import JPEG
import Testing

/// Sections and pinch zoom through the binary: `layout`/`detail` with `--sections` or `--group`, and
/// `zoom`. The numbers are the layout reference's §10.4 vectors and hand arithmetic.
@Suite struct SectionCommandTests {
    static func sizes(_ count: Int) -> String { Array(repeating: "4032x3024", count: count).joined(separator: ",") }

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try PhotoGridBinary.run(arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try run.json()
    }

    static func rect(_ value: Any?) -> [Double] {
        guard let r = value as? [String: Any] else { return [] }
        return ["x", "y", "width", "height"].map { (r[$0] as? NSNumber)?.doubleValue ?? .nan }
    }

    /// Vector 72: sections of 5, 3 and 7 at width 393, the pinned header at each offset (viewport y).
    @Test(arguments: [(0.0, 0, 0.0), (30, 0, 0), (400, 1, 0), (460, 1, -17), (488, 1, -45), (600, 2, 0)])
    func pinnedHeader(offset: Double, section: Int, y: Double) throws {
        let document = try Self.json(["layout", "--sizes", Self.sizes(15), "--sections", "5,3,7", "--width", "393",
                                      "--height", "200", "--offset", "\(offset)"])
        let pinned = try #require(document["pinned"] as? [String: Any])
        #expect(pinned["section"] as? Int == section)
        #expect(Self.rect(pinned["frame"]) == [0, y, 393, 44])
        let sections = try #require(document["sections"] as? [[String: Any]])
        for s in sections {
            let index = try #require(s["index"] as? Int)
            #expect(Self.rect(s["header"])[1] == [0.0, 311, 490][index])
            #expect(s["title"] as? String == "\(index + 1)")
            #expect(s["start"] as? Int == [0, 5, 8][index] && s["count"] as? Int == [5, 3, 7][index])
        }
        #expect(try JSONSchema(kind: "layout").problems(json: try JSONSerialization.data(withJSONObject: document)) == [])
    }

    /// Without --group / --sections the document has no section keys (unchanged).
    @Test func ungroupedDocumentIsUnchanged() throws {
        let document = try Self.json(["layout", "--sizes", Self.sizes(15), "--width", "393"])
        #expect(document["sections"] == nil && document["pinned"] == nil)
        #expect((document["cells"] as? [[String: Any]])?.allSatisfy { $0["section"] == nil } == true)
    }

    /// Vectors 74 and 77 through `zoom`, and its document against the schemas.
    @Test func zoomVectors() throws {
        let one = try Self.json(["zoom", "--sizes", Self.sizes(100), "--sections", "100", "--width", "393", "--height", "759",
                                 "--offset", "1200", "--from", "adaptive:100/3", "--to", "adaptive:60/3", "--at", "200,300"])
        #expect(one["anchor"] as? Int == 34)
        #expect(abs(((one["offset"] as? NSNumber)?.doubleValue ?? 0) - 77.488372093023256) < 1e-9)
        let two = try Self.json(["zoom", "--sizes", Self.sizes(120), "--sections", "60,60", "--width", "393", "--height", "759",
                                 "--offset", "2800", "--from", "adaptive:100/3", "--to", "adaptive:60/3", "--at", "100,40"])
        #expect(two["anchor"] as? Int == 60)
        #expect((two["offset"] as? NSNumber)?.doubleValue == 652)
        let layout = try #require(two["layout"] as? [String: Any])
        #expect((layout["viewport"] as? [String: Any])?["offset"] as? Int == 652)
        #expect(((layout["grid"] as? [String: Any])?["columns"] as? [Any])?.count == 6)
        #expect(try JSONSchema(kind: "zoom").problems(json: try JSONSerialization.data(withJSONObject: two)) == [])
        #expect(try JSONSchema(kind: "layout").problems(json: try JSONSerialization.data(withJSONObject: layout)) == [])
    }

    @Test(arguments: [
        (["--sections", "5,3"], "--sections: the sections hold 8 photo(s), but there are 15"),
        (["--sections", "5,0,10"], "--sections: '0' is not a positive whole number"),
        (["--group", "day"], "--group applies to a library"),
        (["--group", "week", "--sections", "15"], "--group: 'week' is not one of none, day, month, year"),
        (["--sections", "15", "--cell-style", "fit"], "--group and --sections need --cell-style square"),
        (["--sections", "15", "--header-height", "nan"], "--header-height must be a number between 0 and 1,000,000"),
    ])
    func badSectionOptions(extra: [String], message: String) throws {
        let run = try PhotoGridBinary.run(["layout", "--sizes", Self.sizes(15), "--width", "393"] + extra)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("photogrid: error: " + message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    /// A library whose photos carry EXIF dates on three days in two months (written by exiftool on
    /// copies of a sample photo): day, month and year sections, titles and geometry by hand — width 393,
    /// 3 columns of 129, header 44: day sections of 3, 2 and 2 photos have headers at 0, 179 and 358.
    /// Seven copies of a sample photo dated by exiftool on 1 March (3), 5 March (2) and 10 April 2024
    /// (2), indexed into `dir`/library.sqlite; returns the database path.
    static func datedLibrary(in dir: URL) throws -> String {
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let dates = ["2024:03:01 09:00:00", "2024:03:01 10:00:00", "2024:03:01 11:00:00",
                     "2024:03:05 08:00:00", "2024:03:05 09:30:00", "2024:04:10 12:00:00", "2024:04:10 13:00:00"]
        for (k, date) in dates.enumerated() {
            let file = photos.appendingPathComponent("p\(k).jpg")
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("umang.jpg"), to: file)
            let exiftool = Process()
            exiftool.executableURL = URL(fileURLWithPath: "/usr/bin/exiftool")
            exiftool.arguments = ["-q", "-overwrite_original", "-DateTimeOriginal=\(date)", file.path]
            try exiftool.run()
            ProcessDeadline.watch(exiftool)
            exiftool.waitUntilExit()
            #expect(exiftool.terminationStatus == 0)
        }
        let db = dir.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", db]).status == 0)
        return db
    }

    static let hasExiftool = FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool")

    @Test(.enabled(if: hasExiftool, "needs exiftool"))
    func librarySections() throws {
        let dir = try PhotoGridBinary.temporaryDirectory("photogrid-sections")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.datedLibrary(in: dir)
        for (group, titles, counts, headers) in [
            ("day", ["2024-03-01", "2024-03-05", "2024-04-10"], [3, 2, 2], [0.0, 179, 358]),
            ("month", ["2024-03", "2024-04"], [5, 2], [0.0, 311]),
            ("year", ["2024"], [7], [0.0]),
        ] {
            let document = try Self.json(["layout", "--db", db, "--group", group, "--width", "393", "--all"])
            let sections = try #require(document["sections"] as? [[String: Any]])
            #expect(sections.map { $0["title"] as? String } == titles, "\(group)")
            #expect(sections.map { $0["count"] as? Int } == counts, "\(group)")
            #expect(sections.map { Self.rect($0["header"])[1] } == headers, "\(group)")
            let cells = try #require(document["cells"] as? [[String: Any]])
            #expect(cells.map { $0["path"] as? String } == (0..<7).map { "p\($0).jpg" }, "grid order is date order")
            #expect(try JSONSchema(kind: "layout").problems(json: try JSONSerialization.data(withJSONObject: document)) == [])
        }
        // The first photo of the third day section: header 358 + 44 + 3.
        let day = try Self.json(["layout", "--db", db, "--group", "day", "--width", "393", "--offset", "300", "--height", "200"])
        let cells = try #require(day["cells"] as? [[String: Any]])
        let fifth = try #require(cells.first { $0["index"] as? Int == 5 })
        #expect(Self.rect(fifth["frame"]) == [0, 405, 129, 129])
        #expect(fifth["section"] as? Int == 2)
        // Detail geometry comes from the cell's frame: cell 5 at offset 300 is at viewport y 105.
        let detail = try Self.json(["detail", "5", "--db", db, "--group", "day", "--width", "393", "--height", "759", "--offset", "300"])
        #expect(Self.rect(detail["cell"]) == [0, 105, 129, 129])
    }

    /// `render --group day` at offset 150, scale 2: the first day's header is pinned and pushed up by
    /// its section's end (content y min(150, 176 − 44) = 132, so viewport −18…26 pt), the second day's
    /// header is at its natural place (content 179: viewport 29…73 pt), its photos below (from 76 pt);
    /// the third column of that row is empty (white).
    @Test(.enabled(if: hasExiftool, "needs exiftool"))
    func renderDrawsHeadersAndThePinnedOne() throws {
        let dir = try PhotoGridBinary.temporaryDirectory("photogrid-sections-render")
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try Self.datedLibrary(in: dir)
        let out = dir.appendingPathComponent("day.jpg").path
        let run = try PhotoGridBinary.run(["render", "--db", db, "--group", "day", "--width", "393", "--height", "500",
                                           "--offset", "150", "--scale", "2", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let picture = try JPEGDecoder.decode(path: out)
        func isHeader(_ x: Int, _ y: Int) -> Bool {
            let c = picture.rgb(x: x, y: y)
            return abs(Int(c.red) - 242) <= 6 && abs(Int(c.green) - 242) <= 6 && abs(Int(c.blue) - 247) <= 6
        }
        func isWhite(_ x: Int, _ y: Int) -> Bool {
            let c = picture.rgb(x: x, y: y)
            return c.red >= 248 && c.green >= 248 && c.blue >= 248
        }
        #expect(isHeader(700, 20), "the pinned header covers the top 52 px")
        #expect(!isHeader(700, 56), "between the pinned header (ends at 52 px) and the next (from 58 px)")
        #expect(isHeader(700, 100), "the second day's header: 58…146 px")
        #expect(!isHeader(100, 300) && !isWhite(100, 300), "a photo of the second day from 152 px")
        #expect(isWhite(700, 300), "the empty third column")
        // The title is drawn in the header: dark squares in its text box (left, vertically centred).
        let dark = (58..<146).contains { y in (0..<300).contains { x in
            let c = picture.rgb(x: x, y: y); return c.red < 120 && c.green < 120 && c.blue < 130 } }
        #expect(dark, "the second header's title")
    }

    /// `export --group month` writes the grouped layout.json (and its grid.jpg from the same layout).
    @Test(.enabled(if: hasExiftool, "needs exiftool"))
    func exportGroupsByMonth() throws {
        let dir = try PhotoGridBinary.temporaryDirectory("photogrid-sections-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.datedLibrary(in: dir)
        let out = dir.appendingPathComponent("gallery")
        let run = try PhotoGridBinary.run(["export", dir.appendingPathComponent("photos").path, "--out", out.path, "--group", "month"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: out.appendingPathComponent("layout.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.map { $0["title"] as? String } == ["2024-03", "2024-04"])
        #expect(sections.map { Self.rect($0["header"])[1] } == [0, 311])
        #expect(try JSONSchema(kind: "layout").problems(json: data) == [])
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("grid.jpg").path))
        let bad = try PhotoGridBinary.run(["export", dir.appendingPathComponent("photos").path, "--out", dir.appendingPathComponent("other").path, "--group", "week"])
        #expect(bad.status == 64)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("other").path), "a bad --group writes nothing")
    }
}
