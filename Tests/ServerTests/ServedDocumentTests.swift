import Foundation
import Testing
import TestSupport

/// The server's documents are the command line's for the same options, plus thumbnail URLs.
@Suite(.serialized) struct ServedDocumentTests {
    /// (query, the same flags for `photogrid layout`).
    /// Nil flags: a bad offset after the same question at good ones (`badValuesAreTheCommandLinesMessagesAs400`
    /// checks the messages).
    static let layoutCases: [(String, [String]?)] = [
        ("width=393", ["--width", "393"]),
        ("width=393&height=300&offset=200", ["--width", "393", "--height", "300", "--offset", "200"]),
        // The same questions at other offsets (the server keeps a question ready for its next offset).
        ("width=393&height=300&offset=1000.5", ["--width", "393", "--height", "300", "--offset", "1000.5"]),
        ("width=393&height=300&offset=-120", ["--width", "393", "--height", "300", "--offset", "-120"]),
        ("width=393&height=300&offset=1e3", ["--width", "393", "--height", "300", "--offset", "1000"]),
        ("width=393&height=300&offset=%2D5", ["--width", "393", "--height", "300", "--offset", "-5"]),
        ("width=393&height=300", ["--width", "393", "--height", "300"]),
        ("width=393&height=300&offset=", nil),
        ("width=393&height=300&offset=abc", nil),
        ("width=393&height=300&offset=9&offset=10", nil),
        ("width=393&height=300&offset=1e999", nil),
        ("width=820&columns=adaptive:80/2&rowSpacing=1&scale=2", ["--width", "820", "--columns", "adaptive:80/2", "--row-spacing", "1", "--scale", "2"]),
        ("width=393&group=day&headerHeight=30", ["--width", "393", "--group", "day", "--header-height", "30"]),
        ("width=393&offset=-50&all=true", ["--width", "393", "--offset", "-50", "--all"]),
        ("width=600&cellStyle=fit", ["--width", "600", "--cell-style", "fit"]),
        ("width=390&columns=fixed:100,flexible", ["--width", "390", "--columns", "fixed:100,flexible"]),
    ]

    @Test func layoutDocumentsAreTheCommandLinesWithThumbnailURLs() throws {
        let library = try ServedLibrary()
        for (query, flags) in Self.layoutCases {
            let served = try library.server.get("/api/v1/layout?" + query)
            guard let flags else {
                #expect(served.status == 400, "\(query): \(served.text)")
                continue
            }
            #expect(served.status == 200, "\(query): \(served.text)")
            #expect(served.headers["content-type"] == "application/json")
            var document = try served.json()
            let cli = try library.cli(["layout"] + flags)
            #expect(cli.status == 0, "\(flags): \(cli.stderr)")
            let expected = try cli.json()

            // Every square cell names its grid thumbnail, sized as the widest column × scale, rounded up,
            // then snapped up to the ladder's next rung (docs/serve.md), or its top rung.
            var cells = document["cells"] as? [[String: Any]] ?? []
            let grid = document["grid"] as? [String: Any] ?? [:]
            let widest = (grid["columns"] as? [[String: Any]] ?? []).compactMap { $0["width"] as? Double }.max() ?? 0
            let scale = (document["viewport"] as? [String: Any])?["scale"] as? Double ?? 0
            let pixels = Int((widest * scale - 1e-9).rounded(.up))
            if query == "width=393" { #expect(pixels == 387) }  // 129-pt columns × 3, by hand
            let rung = ServedThumbnailTests.gridRungs.first { $0 >= pixels } ?? ServedThumbnailTests.gridRungs.last!
            for (k, cell) in cells.enumerated() {
                let thumbnail = cell["thumbnail"] as? String
                if query.contains("cellStyle=fit") {
                    #expect(thumbnail == nil, "fit cells are not square crops")
                } else {
                    #expect(thumbnail?.hasPrefix("api/v1/thumbnails/grid-\(rung)/") == true, "\(query) cell \(k): \(thumbnail ?? "none")")
                    #expect(thumbnail?.hasSuffix(".jpg") == true)
                }
                cells[k].removeValue(forKey: "thumbnail")
            }
            document["cells"] = cells
            #expect(NSDictionary(dictionary: document).isEqual(to: expected), "\(query): the server's document differs from the CLI's")
        }
    }

    @Test func detailAndZoomAreTheCommandLines() throws {
        let library = try ServedLibrary()
        let detail = try library.server.get("/api/v1/detail/4?width=393&progress=0.5&drag=0,120")
        #expect(detail.status == 200, "\(detail.text)")
        var document = try detail.json()
        // The detail thumbnail fits the viewport's longer side in pixels, 759 pt × 3 = 2277, snapped up to
        // the ladder's next rung (docs/serve.md: 640, 1280, 1920, 2560, 3840).
        #expect((document.removeValue(forKey: "thumbnail") as? String)?.hasPrefix("api/v1/thumbnails/detail-2560/") == true)
        let cli = try library.cli(["detail", "4", "--width", "393", "--progress", "0.5", "--drag", "0,120"])
        #expect(NSDictionary(dictionary: document).isEqual(to: try cli.json()))

        let zoom = try library.server.get("/api/v1/zoom?width=393&from=adaptive:100/3&to=adaptive:60/3&at=100,200&offset=300")
        #expect(zoom.status == 200, "\(zoom.text)")
        let zoomCLI = try library.cli(["zoom", "--width", "393", "--from", "adaptive:100/3", "--to", "adaptive:60/3", "--at", "100,200", "--offset", "300"])
        #expect(NSDictionary(dictionary: try zoom.json()).isEqual(to: try zoomCLI.json()))
    }

    @Test func photoPagesAreTheListInGridOrder() throws {
        let library = try ServedLibrary()
        let list = try library.cli(["list", "--json"])
        let all = try list.json()["photos"] as? [[String: Any]] ?? []
        #expect(all.count == SamplePhotos.facts.count)
        var paged: [[String: Any]] = []
        var offset = 0
        while offset < all.count {
            let page = try library.server.get("/api/v1/photos?offset=\(offset)&limit=7").json()
            #expect(page["total"] as? Int == SamplePhotos.facts.count)
            #expect(page["offset"] as? Int == offset)
            paged += page["photos"] as? [[String: Any]] ?? []
            offset += 7
        }
        #expect(paged.count == all.count)
        #expect(NSArray(array: paged).isEqual(to: all))

        let stats = try library.server.get("/api/v1/stats").json()
        let cliStats = try library.cli(["stats", "--json"]).json()
        for key in ["photos", "ok", "errors", "missing", "reoriented", "withTakenAt", "schema", "folder"] {
            #expect((stats[key] as? NSObject)?.isEqual(cliStats[key]) == true, "stats \(key)")
        }
        #expect((stats["indexing"] as? [String: Any])?["phase"] as? String == "done")
    }

    /// Every option is checked as the command line checks it: the same one line, the parameter named
    /// as the query names it.
    @Test func badValuesAreTheCommandLinesMessagesAs400() throws {
        let library = try ServedLibrary()
        let cases: [(query: String, flags: [String])] = [
            ("width=-1", ["--width", "-1"]),
            ("width=0", ["--width", "0"]),
            ("width=2000000", ["--width", "2000000"]),
            ("width=393&height=-5", ["--width", "393", "--height", "-5"]),
            ("width=393&scale=0", ["--width", "393", "--scale", "0"]),
            ("width=393&scale=17", ["--width", "393", "--scale", "17"]),
            ("width=393&columns=adaptive:0", ["--width", "393", "--columns", "adaptive:0"]),
            ("width=393&columns=bogus", ["--width", "393", "--columns", "bogus"]),
            ("width=393&rowSpacing=-1", ["--width", "393", "--row-spacing", "-1"]),
            ("width=393&cellStyle=round", ["--width", "393", "--cell-style", "round"]),
            ("width=393&group=week", ["--width", "393", "--group", "week"]),
            ("width=393&headerHeight=-3", ["--width", "393", "--header-height", "-3"]),
            // Messages that name other values in their text: each front end names them its own way.
            ("width=393&cellStyle=fit&group=day", ["--width", "393", "--cell-style", "fit", "--group", "day"]),
        ]
        for (query, flags) in cases {
            let reply = try library.server.get("/api/v1/layout?" + query)
            #expect(reply.status == 400, "\(query): \(reply.status) \(reply.text)")
            let cli = try library.cli(["layout"] + flags)
            #expect(cli.status == 64)
            var expected = cli.stderr.replacingOccurrences(of: "photogrid: error: ", with: "")
                .trimmingCharacters(in: .newlines)
            for (flag, name) in [("--width", "width"), ("--height", "height"), ("--scale", "scale"), ("--columns", "columns"),
                                 ("--row-spacing", "rowSpacing"), ("--cell-style", "cellStyle"), ("--group", "group"),
                                 ("--header-height", "headerHeight"), ("--sections", "sections")] {
                expected = expected.replacingOccurrences(of: flag, with: name)
            }
            #expect(reply.errorMessage == expected, "\(query)")
            #expect(try reply.json()["error"].flatMap { ($0 as? [String: Any])?["status"] as? Int } == 400)
        }
        // What only the server sees: text where a number goes, a missing width, a typo, a repeat.
        for (query, message) in [
            ("width=abc", "width must be a number (got 'abc')"),
            ("width=NaN", "width must be a number (got 'NaN')"),
            ("width=", "width must be a number (got '')"),
            ("height=3", "width is required (the viewport width in points)"),
            ("width=393&width=400", "width is given more than once"),
            ("width=393&offset=5", nil), ("width=393&offset=abc", "offset must be a number (got 'abc')"),
            ("width=393&offset=1e999", "offset must be a number (got '1e999')"),
            ("width=393&offset=1&offset=2", "offset is given more than once"),
        ] as [(String, String?)] {
            let reply = try library.server.get("/api/v1/layout?" + query)
            guard let message else {
                #expect(reply.status == 200, "\(query): \(reply.text)")
                continue
            }
            #expect(reply.status == 400)
            #expect(reply.errorMessage == message, "\(query): \(reply.text)")
        }
        let typo = try library.server.get("/api/v1/layout?widht=393")
        #expect(typo.status == 400)
        #expect(typo.errorMessage?.hasPrefix("unknown query parameter 'widht'") == true)
        // An index past the grid is not found (the command line: a usage error, the same words); one that
        // is not a number is no photo either.
        let past = try library.server.get("/api/v1/detail/26?width=393")
        #expect(past.status == 404)
        let pastCLI = try library.cli(["detail", "26", "--width", "393"])
        #expect(pastCLI.status == 64)
        #expect(past.errorMessage == "index 26 is out of range: the grid has 26 photo(s), indices 0…25")
        #expect(pastCLI.stderr == "photogrid: error: index 26 is out of range: the grid has 26 photo(s), indices 0…25\n")
        #expect(try library.server.get("/api/v1/detail/-1?width=393").status == 404)
        #expect(try library.server.get("/api/v1/detail/x?width=393").status == 404)
        #expect(try library.server.get("/api/v1/detail/3?width=393&progress=2").status == 400)
        #expect(try library.server.get("/api/v1/photos?limit=0").status == 400)
        #expect(try library.server.get("/api/v1/photos?limit=1001").status == 400)
        #expect(try library.server.get("/api/v1/photos?offset=-1").status == 400)
    }
}

extension ServedDocumentTests {
    /// What Schemathesis found: a subnormal width made a resizable cell's aspect ratio infinite, and the
    /// document refused to be written (a 500). Widths below a thousandth of a point are now refused.
    @Test func aSubnormalWidthIsABadRequestNotAServerError() throws {
        let library = try ServedLibrary()
        let reply = try library.server.get("/api/v1/layout?width=2.2250738585e-313&cellStyle=resizable")
        #expect(reply.status == 400)
        #expect(reply.errorMessage == "width must be a number from 0.001 to 1,000,000 (got 2.2250738585e-313)")
        let cli = try library.cli(["layout", "--width", "2.2250738585e-313", "--cell-style", "resizable"])
        #expect(cli.status == 64)
    }
}

extension ServedDocumentTests {
    /// A photo whose name is not UTF-8 (`caf\xE9.jpg`): the served layout — read from the grid the
    /// server keeps in memory — carries the name's bytes as `pathBytes` (base64 of 63 61 66 E9 2E 6A 70
    /// 67, by hand: `Y2Fm6S5qcGc=`) and shows the byte as U+FFFD in `path`, as the command line does; a
    /// UTF-8 name carries no `pathBytes`.
    @Test func aNameThatIsNotUTF8IsServedWithItsBytes() throws {
        let folder = try TemporaryFolder("photogrid-serve-bytes")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let sample = try Data(contentsOf: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"))
        try sample.write(to: photos.appendingPathComponent("plain.jpg"))
        let name = Array(photos.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8)
        let descriptor = (name + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        #expect(descriptor >= 0)
        let written = sample.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        #expect(written == sample.count)

        let server = try ServerProcess(["photos", "--db", "library.sqlite"], in: folder.url)
        // Both in the grid (the in-memory grid follows the index within a quarter of a second).
        try server.wait(for: "/api/v1/layout?width=393") { reply in
            ((try? reply.json())?["cells"] as? [[String: Any]])?.count == 2
        }
        usleep(600_000)  // past the in-memory grid's next read: the answer below comes from it
        let reply = try server.get("/api/v1/layout?width=393")
        let cells = try reply.json()["cells"] as? [[String: Any]] ?? []
        #expect(cells.count == 2, "\(reply.text)")
        let odd = cells.first { $0["pathBytes"] != nil }
        #expect(odd?["pathBytes"] as? String == "Y2Fm6S5qcGc=")
        #expect(odd?["path"] as? String == "caf\u{FFFD}.jpg")
        let plain = cells.first { $0["path"] as? String == "plain.jpg" }
        #expect(plain != nil && plain?["pathBytes"] == nil)
        // The command line's document for the same window, without the thumbnail URLs, is the same.
        let cli = try PhotoGridBinary.run(["layout", "--width", "393", "--db", "library.sqlite"], in: folder.url)
        var served = try reply.json()
        served["cells"] = cells.map { cell in cell.filter { $0.key != "thumbnail" } }
        #expect(NSDictionary(dictionary: served).isEqual(to: try cli.json()))
    }
}
