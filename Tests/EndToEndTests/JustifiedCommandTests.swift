import Foundation
import TestSupport
import Testing

/// `--justified` through the binary (issue 38, item 3): with every flag given, the frames are
/// flickr/justified-layout's own boxes (Tests/JustifiedVectors, made by the library under Node), and bad
/// values are one-line usage errors naming the flag.
@Suite struct JustifiedCommandTests {
    /// The vectors whose options and photos a command line can give (finite positive ratios, a row height
    /// of at least 1, padding narrower than the container, a forced ratio in range).
    static var vectors: [[String: Any]] {
        let url = Repository.root.appendingPathComponent("Tests/JustifiedVectors/vectors.json")
        guard let data = try? Data(contentsOf: url), let table = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let vectors = table["vectors"] as? [[String: Any]] else { return [] }
        return vectors.filter { v in
            guard v["error"] == nil, let input = v["input"] as? [Any], let c = v["config"] as? [String: Any] else { return false }
            let ratios = input.compactMap { ($0 as? NSNumber)?.doubleValue }
            guard ratios.count == input.count, ratios.allSatisfy({ $0.isFinite && $0 >= 0.001 && $0 <= 1000 }) else { return false }
            let padding = sides(c["containerPadding"], ["top", "right", "bottom", "left"], 10)
            let width = (c["containerWidth"] as? NSNumber)?.doubleValue ?? 1060
            let target = (c["targetRowHeight"] as? NSNumber)?.doubleValue ?? 320
            let forced = (c["forceAspectRatio"] as? NSNumber)?.doubleValue
            return padding[1] + padding[3] < width && target >= 1 && (forced.map { $0 == 0 || ($0 >= 0.001 && $0 <= 1000) } ?? true)
        }
    }

    /// A number or an object of `keys` as one value per key.
    static func sides(_ value: Any?, _ keys: [String], _ fallback: Double) -> [Double] {
        if let n = value as? NSNumber { return keys.map { _ in n.doubleValue } }
        guard let object = value as? [String: Any] else { return keys.map { _ in fallback } }
        return keys.map { (object[$0] as? NSNumber)?.doubleValue ?? fallback }
    }

    /// The command line of a vector: every option given, with the library's defaults where it has none; a
    /// ratio r as the pixel size r×1, or 1×(1/r) below 1 (sides are at least a pixel).
    static func arguments(_ v: [String: Any]) -> [String] {
        let c = v["config"] as? [String: Any] ?? [:], ratios = (v["input"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        func number(_ key: String, _ fallback: Double) -> String { "\((c[key] as? NSNumber)?.doubleValue ?? fallback)" }
        let padding = sides(c["containerPadding"], ["top", "right", "bottom", "left"], 10)
        let spacing = sides(c["boxSpacing"], ["horizontal", "vertical"], 10)
        var arguments = ["layout", "--all", "--justified", "--width", number("containerWidth", 1060), "--height", "100",
                         "--row-height", number("targetRowHeight", 320), "--row-height-tolerance", number("targetRowHeightTolerance", 0.25),
                         "--padding", padding.map { "\($0)" }.joined(separator: ","), "--spacing", spacing.map { "\($0)" }.joined(separator: ","),
                         "--widows", c["showWidows"] as? Bool == false ? "hide" : (c["widowLayoutStyle"] as? String ?? "left")]
        if let n = c["maxNumRows"] as? Int { arguments += ["--max-rows", "\(n)"] }
        if let n = c["fullWidthBreakoutRowCadence"] as? Int { arguments += ["--breakout-every", "\(n)"] }
        if let r = (c["forceAspectRatio"] as? NSNumber)?.doubleValue, r != 0 { arguments += ["--aspect-ratio", "\(r)"] }
        if !ratios.isEmpty { arguments += ["--sizes", ratios.map { $0 >= 1 ? "\($0)x1" : "1x\(1 / $0)" }.joined(separator: ",")] } else { arguments += ["--sizes", ""] }
        return arguments
    }

    @Test("with every flag given, layout --justified --all is flickr/justified-layout's boxes (its own vectors)")
    func framesAreTheLibrarys() throws {
        let vectors = Self.vectors
        #expect(vectors.count >= 80)
        for v in vectors where !((v["input"] as? [Any]) ?? []).isEmpty {
            let name = v["name"] as? String ?? "?"
            let run = try PhotoGridBinary.run(Self.arguments(v))
            try #require(run.status == 0, "\(name): \(run.stderr)")
            let document = try run.json()
            let expected = try #require((v["expected"] as? [String: Any])?["boxes"] as? [[NSNumber]])
            let cells = try #require(document["cells"] as? [[String: Any]])
            #expect(cells.count == expected.count, "\(name)")
            for (cell, box) in zip(cells, expected) {
                let f = try #require(cell["frame"] as? [String: NSNumber])
                let got = [f["x"], f["y"], f["width"], f["height"]].map { $0?.doubleValue ?? .nan }
                let want = box[1...4].map(\.doubleValue)
                #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 0.01 }, "\(name) cell \(cell["index"] ?? "?"): \(got) vs \(want)")
            }
            let grid = try #require(document["grid"] as? [String: Any])
            if let height = ((v["expected"] as? [String: Any])?["containerHeight"] as? NSNumber)?.doubleValue, !expected.isEmpty {
                #expect(abs(((grid["contentHeight"] as? NSNumber)?.doubleValue ?? .nan) - height) <= 1e-9, "\(name)")
            }
            #expect((grid["columns"] as? [Any])?.isEmpty == true)
            #expect(try JSONSchema(kind: "layout").problems(json: run.stdout) == [], "\(name)")
        }
    }

    @Test("bad justified values are one line naming the flag, exit 64", arguments: [
        (["--justified", "--row-height", "0"], "--row-height must be a number from 1 to 1,000,000 points (got 0.0)"),
        (["--justified", "--row-height-tolerance", "-0.5"], "--row-height-tolerance must be a number from 0 to 100"),
        (["--justified", "--spacing", "3,4,5"], "--spacing: '3,4,5' is not H or H,V"),
        (["--justified", "--padding", "1,2,3"], "--padding: '1,2,3' is not P or T,R,B,L"),
        (["--justified", "--padding", "200"], "--padding leaves no room for a row"),
        (["--justified", "--max-rows", "-1"], "--max-rows must be a whole number from 0 to 1,000,000"),
        (["--justified", "--widows", "right"], "--widows: 'right' is not one of left, justify, center, hide"),
        (["--justified", "--breakout-every", "9999999"], "--breakout-every must be a whole number from 0 to 1,000,000"),
        (["--justified", "--aspect-ratio", "nan"], "--aspect-ratio must be a number from 0.001 to 1,000"),
        (["--row-height", "100"], "--row-height applies to justified rows: give --justified too"),
        (["--justified", "--columns", "fixed:90"], "--columns applies to the square grid, not to justified rows"),
    ])
    func badValues(_ flags: [String], _ message: String) throws {
        let run = try PhotoGridBinary.run(["layout", "--sizes", "4032x3024,3024x4032", "--width", "393"] + flags)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("detail and zoom --justified start from the justified cell; zoom pinches between row heights")
    func detailAndZoom() throws {
        let sizes = (0..<60).map { ["4032x3024", "3024x4032", "1000x1000", "6000x1000"][$0 % 4] }.joined(separator: ",")
        let common = ["--sizes", sizes, "--width", "393", "--justified", "--spacing", "2"]
        let all = try PhotoGridBinary.run(["layout", "--all", "--row-height", "120"] + common).json()
        let cell = try #require((all["cells"] as? [[String: Any]])?[17])
        let detail = try PhotoGridBinary.run(["detail", "17", "--row-height", "120", "--progress", "0"] + common).json()
        #expect(NSDictionary(dictionary: detail["cell"] as? [String: Any] ?? [:]) == NSDictionary(dictionary: cell["frame"] as? [String: Any] ?? [:]))
        let zoom = try PhotoGridBinary.run(["zoom", "--from", "120", "--to", "240", "--at", "100,200", "--height", "600"] + common)
        #expect(zoom.status == 0, "\(zoom.stderr)")
        let bigger = try PhotoGridBinary.run(["layout", "--all", "--row-height", "240"] + common).json()
        let document = try zoom.json()
        let anchor = try #require(document["anchor"] as? Int)
        let frame = try #require(((bigger["cells"] as? [[String: Any]])?.first { $0["index"] as? Int == anchor })?["frame"] as? [String: NSNumber])
        let layout = try #require(document["layout"] as? [String: Any])
        let shown = try #require((layout["cells"] as? [[String: Any]])?.first { $0["index"] as? Int == anchor }?["frame"] as? [String: NSNumber])
        #expect(shown == frame)
    }

    /// A library's visible-range question reads the rows kept by an earlier one (`kept_layouts`, migration
    /// 0017) for the same options and grid version, and the photos of the rows it shows: the same answer as
    /// the whole layout's, and only rows kept for the grid as it is now.
    @Test("a library's justified window reads the rows kept for its options and grid version")
    func keptRows() throws {
        let folder = try TemporaryFolder("justified-kept")
        let database = folder.url.appendingPathComponent("library.sqlite").path
        let empty = folder.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        #expect(try PhotoGridBinary.run(["index", empty.path, "--db", database]).status == 0)
        let sqlite = try #require(ExternalTool("sqlite3"), "sqlite3 is needed")
        func sql(_ statement: String) throws -> String {
            String(decoding: try sqlite.run([database, statement]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // 3,000 rows of four shapes, a day each 50 (as an index run writes them).
        _ = try sql("""
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 2999)
            INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height, display_width,
              display_height, orientation, components, color_space, progressive, taken_at, sort_key, status, error, first_seen, last_seen)
            SELECT CAST(printf('IMG_%05d.jpg', i) AS BLOB), printf('IMG_%05d.jpg', i), 1000 + i, i, 'k' || i,
                   w, h, w, h, 1, 3, 'ycbcr', 0, t, t, 'ok', NULL, t, t
            FROM (SELECT i, CASE i % 4 WHEN 0 THEN 4032 WHEN 1 THEN 3024 WHEN 2 THEN 6000 ELSE 1000 END AS w,
                         CASE i % 4 WHEN 0 THEN 3024 WHEN 1 THEN 4032 WHEN 2 THEN 1000 ELSE 1000 END AS h,
                         printf('2024-01-%02dT10:00:%02d', 1 + i / 50 % 28, i % 50) AS t FROM n)
            """)
        func layout(_ rowHeight: String) throws -> [String: Any] {
            try PhotoGridBinary.run(["layout", "--db", database, "--justified", "--width", "393", "--offset", "20000",
                                     "--row-height", rowHeight]).json()
        }
        func same(_ a: [String: Any], _ b: [String: Any]) -> Bool { NSDictionary(dictionary: a).isEqual(to: b) }
        let tall = try layout("150"), whole = try layout("100")
        #expect((whole["cells"] as? [Any])?.count ?? 0 > 5)
        #expect(try sql("SELECT count(*) FROM kept_layouts WHERE grid_version = (SELECT version FROM grid_version)") == "2")
        #expect(same(try layout("100"), whole), "the kept rows give the whole layout's window")

        // The 150-point rows put under the 100-point key: the window follows the kept rows (their heights
        // stack to the 150-point content height), which proves they are what it reads.
        _ = try sql("""
            UPDATE kept_layouts SET bytes = (SELECT bytes FROM kept_layouts WHERE key LIKE '%targetRowHeight: 150.0%')
            WHERE key LIKE '%targetRowHeight: 100.0%'
            """)
        let swapped = try layout("100")
        #expect(!same(swapped, whole))
        #expect(((swapped["grid"] as? [String: Any])?["contentHeight"] as? NSNumber) == ((tall["grid"] as? [String: Any])?["contentHeight"] as? NSNumber))

        // A changed grid: the kept rows are stale, never read; the next question keeps its own, alone.
        _ = try sql("UPDATE grid_version SET version = version + 1")
        #expect(same(try layout("100"), whole))
        #expect(try sql("SELECT count(*) FROM kept_layouts") == "1")
    }
}
