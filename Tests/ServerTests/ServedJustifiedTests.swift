import Foundation
import Testing
import TestSupport

/// Justified rows over HTTP (issue 38, item 4): the same bytes as the command line for the same options
/// — from the grid in memory, through the router (sections, all), detail and zoom — and the limits.
@Suite(.serialized) struct ServedJustifiedTests {
    /// (query, the same flags for `photogrid layout`).
    static let cases: [(String, [String])] = [
        ("width=393&justified=true", ["--width", "393", "--justified"]),
        ("width=393&justified=true&offset=300&height=200", ["--width", "393", "--justified", "--offset", "300", "--height", "200"]),
        ("width=393&justified=true&offset=20&height=200", ["--width", "393", "--justified", "--offset", "20", "--height", "200"]),
        ("width=1280&justified=true&rowHeight=180&rowHeightTolerance=0.1&spacing=4,8&padding=10,20,30,40&maxRows=3&widows=center&breakoutEvery=2&aspectRatio=1.5",
         ["--width", "1280", "--justified", "--row-height", "180", "--row-height-tolerance", "0.1", "--spacing", "4,8",
          "--padding", "10,20,30,40", "--max-rows", "3", "--widows", "center", "--breakout-every", "2", "--aspect-ratio", "1.5"]),
        ("width=393&justified=true&widows=hide&all=true", ["--width", "393", "--justified", "--widows", "hide", "--all"]),
        ("width=393&justified=true&group=day&headerHeight=30&offset=100", ["--width", "393", "--justified", "--group", "day", "--header-height", "30", "--offset", "100"]),
    ]

    @Test func layoutsAreTheCommandLinesBytes() throws {
        let library = try ServedLibrary()
        for (query, flags) in Self.cases {
            for _ in 0..<2 {  // the second answer comes from the question kept ready
                let served = try library.server.get("/api/v1/layout?" + query)
                #expect(served.status == 200, "\(query): \(served.text)")
                let cli = try library.cli(["layout"] + flags)
                #expect(cli.status == 0, "\(flags): \(cli.stderr)")
                // The command line names no server URLs: without them, the documents are the same.
                var document = try served.json()
                var cells = document["cells"] as? [[String: Any]] ?? []
                #expect(!cells.isEmpty, "\(query)")
                for (k, cell) in cells.enumerated() {
                    let thumbnail = cell["thumbnail"] as? String, folder = Self.thumbnailFolder(cell)
                    #expect(folder != nil && thumbnail?.hasPrefix(folder ?? "") == true && thumbnail?.hasSuffix(".jpg") == true,
                            "\(query) cell \(k): \(thumbnail ?? "none"), not in \(folder ?? "none")")
                    cells[k].removeValue(forKey: "thumbnail")
                }
                document["cells"] = cells
                #expect(NSDictionary(dictionary: document).isEqual(to: try cli.json()), "\(query)")
            }
        }
        let detail = try library.server.get("/api/v1/detail/5?width=393&justified=true&progress=0.5&rowHeight=150")
        let detailCLI = try library.cli(["detail", "5", "--width", "393", "--justified", "--progress", "0.5", "--row-height", "150"])
        var served = try detail.json()
        served.removeValue(forKey: "thumbnail")
        #expect(NSDictionary(dictionary: served).isEqual(to: try detailCLI.json()))
        let zoom = try library.server.get("/api/v1/zoom?width=393&justified=true&from=100&to=200&at=100,100")
        let zoomCLI = try library.cli(["zoom", "--width", "393", "--justified", "--from", "100", "--to", "200", "--at", "100,100"])
        #expect(zoom.status == 200, "\(zoom.text)")
        #expect(zoom.text == String(decoding: zoomCLI.stdout, as: UTF8.self))
    }

    /// The folder of the thumbnail a justified cell names (scale 3, the default): its frame's longer side × 3, rounded
    /// up, snapped up to the grid ladder when the cell is square (within half a point) and to the detail
    /// ladder otherwise (docs/serve.md, "Thumbnail sizes"), under `api/v1/thumbnails/`.
    static func thumbnailFolder(_ cell: [String: Any]) -> String? {
        guard let frame = cell["frame"] as? [String: Any], let width = frame["width"] as? Double,
              let height = frame["height"] as? Double else { return nil }
        let pixels = Int((max(width, height) * 3 - 1e-9).rounded(.up))
        let square = abs(width - height) < 0.5
        let rungs = square ? ServedThumbnailTests.gridRungs : [640, 1280, 1920, 2560, 3840]
        let rung = rungs.first { $0 >= pixels } ?? rungs[rungs.count - 1]
        return "api/v1/thumbnails/\(square ? "grid" : "detail")-\(rung)/"
    }

    @Test func badValuesAndLimitsAre400() throws {
        let library = try ServedLibrary()
        for (query, message) in [
            ("width=393&rowHeight=100", "rowHeight applies to justified rows: give justified=true too"),
            ("width=393&justified=true&rowHeight=2e6", "rowHeight must be a number from 1 to 1,000,000 points"),
            ("width=393&justified=true&spacing=1e7", "spacing: '1e7' is not H or H,V"),
            ("width=393&justified=true&padding=-1", "padding: '-1' is not P or T,R,B,L"),
            ("width=393&justified=true&maxRows=-1", "maxRows must be a whole number from 0 to 1,000,000"),
            ("width=393&justified=true&breakoutEvery=1000001", "breakoutEvery must be a whole number from 0 to 1,000,000"),
            ("width=393&justified=true&widows=up", "widows: 'up' is not one of left, justify, center, hide"),
        ] {
            let reply = try library.server.get("/api/v1/layout?" + query)
            #expect(reply.status == 400, "\(query): \(reply.text)")
            #expect(reply.text.contains(message), "\(query): \(reply.text)")
        }
    }

    /// A justified question is laid out for the whole grid once: on a reader thread, through the router —
    /// never on an event loop, where it would hold every other connection of that loop — and answered from
    /// memory at every other offset after.
    @Test func aNewJustifiedQuestionIsMadeOffTheEventLoops() throws {
        let library = try ServedLibrary(["--log-level", "info"])
        let server = library.server
        #expect(try server.get("/api/v1/layout?width=393&justified=true&rowHeight=140&height=300&offset=0").status == 200)
        #expect(try server.get("/api/v1/layout?width=393&justified=true&rowHeight=140&height=300&offset=200").status == 200)
        let lines = server.standardError.split(separator: "\n").filter { $0.contains("GET /api/v1/layout 200") }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first.map { !$0.contains("(from memory)") } == true, "\(lines)")
        #expect(lines.last?.contains("(from memory)") == true, "\(lines)")
    }
}
