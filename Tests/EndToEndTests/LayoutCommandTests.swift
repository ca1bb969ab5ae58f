import TestSupport
import Foundation
import Testing

/// `photogrid layout` and `photogrid detail` on `--sizes`, run as a user would run them.
@Suite("photogrid layout / detail (binary)")
struct LayoutCommandTests {
    func rect(_ any: Any?) -> [Double]? {
        guard let r = any as? [String: Any], let x = r["x"] as? Double, let y = r["y"] as? Double,
              let w = r["width"] as? Double, let h = r["height"] as? Double, r.count == 4 else { return nil }
        return [x, y, w, h]
    }

    func close(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) <= 1e-6 }
    }

    @Test("layout --all of a landscape and a portrait photo at 393 × 759")
    func layoutAll() throws {
        let run = try PhotoGridBinary.run(["layout", "--sizes", "4032x3024,3024x4032", "--width", "393", "--height", "759", "--all"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try run.json()
        #expect(Set(doc.keys) == ["version", "viewport", "grid", "cells"])
        #expect(doc["version"] as? Int == 1)
        let viewport = try #require(doc["viewport"] as? [String: Double])
        #expect(viewport == ["width": 393, "height": 759, "offset": 0, "scale": 3])
        let grid = try #require(doc["grid"] as? [String: Any])
        #expect(Set(grid.keys) == ["columns", "rowSpacing", "rowCount", "contentHeight", "count"])
        let columns = try #require(grid["columns"] as? [[String: Double]])
        #expect(columns == [["x": 0, "width": 129], ["x": 132, "width": 129], ["x": 264, "width": 129]])
        #expect(grid["rowSpacing"] as? Double == 3 && grid["rowCount"] as? Int == 1)
        #expect(grid["contentHeight"] as? Double == 129 && grid["count"] as? Int == 2)
        let cells = try #require(doc["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        // Cell 0: 4032×3024 in 129² → fill 172 × 129 at x = −21.5; crop the centre 3024² at x = 504.
        #expect(Set(cells[0].keys) == ["index", "pixelWidth", "pixelHeight", "frame", "imageFrame", "crop"])
        #expect(cells[0]["pixelWidth"] as? Double == 4032 && cells[0]["pixelHeight"] as? Double == 3024)
        #expect(close(rect(cells[0]["frame"]), [0, 0, 129, 129]))
        #expect(close(rect(cells[0]["imageFrame"]), [-21.5, 0, 172, 129]))
        #expect(close(rect(cells[0]["crop"]), [504, 0, 3024, 3024]))
        // Cell 1: 3024×4032 → fill 129 × 172 at y = −21.5 in column 1; crop at y = 504.
        #expect(cells[1]["index"] as? Int == 1)
        #expect(close(rect(cells[1]["frame"]), [132, 0, 129, 129]))
        #expect(close(rect(cells[1]["imageFrame"]), [132, -21.5, 129, 172]))
        #expect(close(rect(cells[1]["crop"]), [0, 504, 3024, 3024]))
    }

    @Test("layout answers 'what is on screen at width 393, offset 1200?' with cells 27…44")
    func visibleRange() throws {
        let sizes = Array(repeating: "4032x3024", count: 100).joined(separator: ",")
        let run = try PhotoGridBinary.run(["layout", "--sizes", sizes, "--width", "393", "--offset", "1200"])
        #expect(run.status == 0, "\(run.stderr)")
        let cells = try #require(try run.json()["cells"] as? [[String: Any]])
        #expect(cells.compactMap { $0["index"] as? Int } == Array(27...44))
        // Row 9 starts at 9 × 132 = 1188 (content coordinates).
        #expect(close(rect(cells[0]["frame"]), [0, 1188, 129, 129]))
        let grid = try #require(try run.json()["grid"] as? [String: Any])
        // 34 rows: 34 × 129 + 33 × 3 = 4485 (the docs/json.md example).
        #expect(grid["rowCount"] as? Int == 34 && grid["contentHeight"] as? Double == 4485)
    }

    @Test("detail 1 at p = 0.5 dragged by (0, 200)")
    func detail() throws {
        let run = try PhotoGridBinary.run(["detail", "1", "--sizes", "4032x3024,3024x4032", "--width", "393", "--height", "759",
                                           "--progress", "0.5", "--drag", "0,200"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try run.json()
        #expect(Set(doc.keys) == ["version", "index", "viewport", "cell", "source", "detail", "progress", "image", "mask", "visible", "drag"])
        #expect(doc["index"] as? Int == 1 && doc["progress"] as? Double == 0.5)
        // Worked by hand (docs/layout-spec.md §7): cell (132, 0, 129, 129); source = fill rect (132, −21.5, 129, 172);
        // fit of 3024×4032 in 393×759 = (0, 117.5, 393, 524) (vector 53); at p = 0.5 the image is the
        // midpoint (66, 48, 261, 348); mask side (129 + 524)/2 = 326.5 centred on (196.5, 222).
        #expect(close(rect(doc["cell"]), [132, 0, 129, 129]))
        #expect(close(rect(doc["source"]), [132, -21.5, 129, 172]))
        #expect(close(rect(doc["detail"]), [0, 117.5, 393, 524]))
        #expect(close(rect(doc["image"]), [66, 48, 261, 348]))
        #expect(close(rect(doc["mask"]), [33.25, 58.75, 326.5, 326.5]))
        #expect(close(rect(doc["visible"]), [66, 58.75, 261, 326.5]))
        // Drag (0, 200): scale 1 − 200/1000 = 0.8, opacity 0.2 × 1.3 = 0.26; rendered centre
        // (196.5, 379.5 + 0.8 × 200) = (196.5, 539.5), size 0.8 × (393, 524) = (314.4, 419.2).
        let drag = try #require(doc["drag"] as? [String: Any])
        #expect(drag["translation"] as? [String: Double] == ["x": 0, "y": 200])
        #expect(abs((drag["scale"] as? Double ?? 0) - 0.8) <= 1e-9)
        #expect(abs((drag["gridOpacity"] as? Double ?? 0) - 0.26) <= 1e-9)
        #expect(close(rect(drag["rendered"]), [39.3, 329.9, 314.4, 419.2]))
    }

    @Test("detail at p = 0 shows exactly the clipped cell; p = 1 the fit rect", arguments: [0.0, 1.0])
    func detailEnds(p: Double) throws {
        let run = try PhotoGridBinary.run(["detail", "0", "--sizes", "4032x3024", "--width", "393", "--height", "759",
                                           "--offset", "-100", "--progress", "\(p)"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try run.json()
        #expect(doc["drag"] == nil)
        // Offset −100 moves the cell down by 100 in the viewport: cell (0, 100, 129, 129).
        #expect(close(rect(doc["cell"]), [0, 100, 129, 129]))
        if p == 0 {
            #expect(close(rect(doc["image"]), [-21.5, 100, 172, 129]))
            #expect(close(rect(doc["visible"]), [0, 100, 129, 129]))
        } else {
            // 4032×3024 fit in 393×759: 393 × 294.75 at y = (759 − 294.75)/2 = 232.125 (vector 52, container-local).
            #expect(close(rect(doc["image"]), [0, 232.125, 393, 294.75]))
            #expect(close(rect(doc["visible"]), [0, 232.125, 393, 294.75]))
        }
    }

    @Test("bad arguments give one clear line and exit 64", arguments: [
        (["layout", "--sizes", "4032x3024", "--width", "0"], "--width"),
        (["layout", "--sizes", "4032x3024", "--width", "393", "--columns", "adaptive:abc"], "--columns: 'adaptive:abc'"),
        (["detail", "7", "--sizes", "4032x3024,3024x4032", "--width", "393"], "index 7 is out of range"),
        (["layout", "--sizes", "4032", "--width", "393"], "--sizes"),
        (["detail", "0", "--sizes", "4032x3024", "--width", "393", "--progress", "2"], "--progress"),
        (["detail", "0", "--sizes", "4032x3024", "--width", "393", "--drag", "x"], "--drag"),
        (["layout", "--sizes", "4032x3024", "--width", "393", "--cell-style", "round"], "--cell-style"),
    ])
    func badArguments(arguments: [String], fragment: String) throws {
        let run = try PhotoGridBinary.run(arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(fragment), "\(run.stderr)")
    }
}
