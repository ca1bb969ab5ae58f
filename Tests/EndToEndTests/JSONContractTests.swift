import Foundation
import TestSupport
import Testing

/// Every JSON document the binary prints is valid against its schema in `docs/schemas/`
/// (the contract `docs/json.md` describes), and the schemas are strict enough to catch a change.
@Suite("JSON documents against docs/schemas (binary)")
struct JSONContractTests {
    /// Runs `photogrid ARGS`, expects exit 0, and returns the problems of its stdout against `kind`.
    func problems(_ kind: String, _ arguments: [String]) throws -> [String] {
        let run = try PhotoGridBinary.run(arguments)
        #expect(run.status == 0, "\(arguments): \(run.stderr)")
        return try JSONSchema(kind: kind).problems(json: run.stdout)
    }

    @Test("layout and detail documents from --sizes")
    func sizesDocuments() throws {
        let sizes = "4032x3024,3024x4032,1600x1600,800x1200"
        for extra in [["--all"], ["--offset", "-100", "--height", "300"], ["--columns", "fixed:90,flexible", "--all"],
                      ["--cell-style", "fit", "--all"]] {
            #expect(try problems("layout", ["layout", "--sizes", sizes, "--width", "393"] + extra) == [], "\(extra)")
        }
        for extra in [[], ["--progress", "0.5"], ["--progress", "0.25", "--drag", "10,200"], ["--offset", "40"]] {
            #expect(try problems("detail", ["detail", "1", "--sizes", sizes, "--width", "393", "--height", "759"] + extra) == [],
                    "\(extra)")
        }
    }

    @Test("index, list, layout, detail and thumbs documents from a library of the sample photos")
    func libraryDocuments() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = dir.appendingPathComponent("library.sqlite").path
        // A bad file among the photos gives an error row, whose list entry has its own shape.
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: photos)
        try Data("not a JPEG".utf8).write(to: photos.appendingPathComponent("broken.jpg"))
        // Entries the index skips, each of another kind: they appear in the summary and `list --skipped`.
        try Data("x".utf8).write(to: photos.appendingPathComponent("clip.mov"))
        try Data("x".utf8).write(to: photos.appendingPathComponent(".hidden.jpg"))
        // A name that is not UTF-8: its documents carry `pathBytes`.
        try CommandLineSurfaceTests.createFile(named: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8), in: photos,
                                               contents: try CommandLineSurfaceTests.samplePhoto())

        #expect(try problems("index-summary", ["index", photos.path, "--db", db, "--json"]) == [])
        #expect(try problems("index-summary", ["index", photos.path, "--db", db, "--json"]) == [])
        #expect(try problems("list", ["list", "--db", db, "--json"]) == [])
        #expect(try problems("stats", ["stats", "--db", db, "--json"]) == [])
        #expect(try problems("stats", ["stats", "--db", db, "--json", "--check"]) == [])
        #expect(try problems("skipped-list", ["list", "--skipped", "--db", db, "--json"]) == [])
        #expect(try problems("layout", ["layout", "--db", db, "--width", "393", "--offset", "300", "--height", "400"]) == [])
        let all = try PhotoGridBinary.run(["layout", "--db", db, "--width", "393", "--all"])
        #expect(try JSONSchema(kind: "layout").problems(json: all.stdout) == [])
        #expect(all.stdoutText.contains("\"pathBytes\":\"Y2Fm6S5qcGc=\""))  // base64 of 63 61 66 E9 2E 6A 70 67
        #expect(try problems("detail", ["detail", "5", "--db", db, "--width", "393", "--height", "759", "--progress", "0.5"]) == [])
        let thumbs = dir.appendingPathComponent("thumbs").path
        #expect(try problems("thumbs-summary", ["thumbs", "--db", db, "--out", thumbs, "--width", "120",
                                                "--scale", "1", "--json"]) == [])
        #expect(try problems("render", ["render", "--db", db, "--width", "393", "--height", "300", "--scale", "1",
                                        "--out", dir.appendingPathComponent("r.jpg").path, "--json"]) == [])
    }

    @Test("export's layout.json, whose cells carry thumbnail paths")
    func exportedLayout() throws {
        let dir = try PhotoGridBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("gallery")
        let run = try PhotoGridBinary.run(["export", Repository.sampleImages.appendingPathComponent("orientation").path,
                                           "--out", out.path, "--width", "200", "--height", "300", "--scale", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: out.appendingPathComponent("layout.json"))
        #expect(try JSONSchema(kind: "layout").problems(json: data) == [])
        let cells = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["cells"] as? [[String: Any]])
        #expect(cells.count == 16 && cells.allSatisfy { $0["thumbnail"] is String })

        // `export --json` (a rerun), whose steps are the index and thumbs documents.
        let rerun = try PhotoGridBinary.run(["export", Repository.sampleImages.appendingPathComponent("orientation").path,
                                             "--out", out.path, "--width", "200", "--height", "300", "--scale", "1", "--json"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(try JSONSchema(kind: "export").problems(json: rerun.stdout) == [])
        let document = try rerun.json()
        #expect(try JSONSchema(kind: "index-summary").problems(try #require(document["index"])) == [])
        #expect(try JSONSchema(kind: "thumbs-summary").problems(try #require(document["thumbnails"])) == [])
    }

    /// The validator itself: each broken document is caught (so the tests above can fail).
    @Test("the schemas reject documents that break the contract", arguments: [
        ("layout", #"{"version":1,"viewport":{"width":393,"height":759,"offset":0,"scale":3},"grid":{"columns":[{"x":0,"width":129}],"rowSpacing":3,"rowCount":0,"contentHeight":0,"count":0},"cells":[],"extra":1}"#,
         "unexpected property \"extra\""),
        ("layout", #"{"version":1,"viewport":{"width":393,"height":759,"offset":0,"scale":3},"grid":{"columns":[{"x":0,"width":129}],"rowSpacing":3,"rowCount":0,"contentHeight":0,"count":0},"cells":[{"index":0,"pixelWidth":4,"pixelHeight":3,"frame":{"x":0,"y":0,"width":null,"height":1},"imageFrame":{"x":0,"y":0,"width":1,"height":1},"crop":{"x":0,"y":0,"width":1,"height":1}}]}"#,
         "null is not of type number"),
        ("layout", #"{"version":2,"viewport":{"width":393,"height":759,"offset":0,"scale":3},"grid":{"columns":[{"x":0,"width":129}],"rowSpacing":3,"rowCount":0,"contentHeight":0,"count":0},"cells":[]}"#,
         "is not 1"),
        ("layout", #"{"version":1,"viewport":{"width":0,"height":759,"offset":0,"scale":3},"grid":{"columns":[],"rowSpacing":3,"rowCount":0,"contentHeight":0,"count":0},"cells":[]}"#,
         "breaks exclusiveMinimum"),
        ("list", #"{"version":1,"photos":[{"id":1,"path":"a.jpg","status":"ok"}]}"#,
         "missing required \"storedWidth\""),
        ("list", #"{"version":1,"photos":[{"id":1,"path":"a.jpg","status":"lost"}]}"#,
         "is not one of"),
        ("list", #"{"version":1,"photos":[{"format":"jpeg","id":1,"media":"photo","path":"a.jpg","status":"missing","modifiedAt":"2001-02-03 04:05:06"}]}"#,
         "does not match"),
        ("list", #"{"version":1,"photos":[{"id":1.5,"path":"a.jpg","status":"missing"}]}"#,
         "is not of type integer"),
        ("index-summary", #"{"version":1,"scanned":1,"added":1,"updated":0,"unchanged":0,"moved":0,"missing":0,"errors":true,"seconds":0}"#,
         "boolean is not of type integer"),
        ("thumbs-summary", #"{"version":1,"folder":"t","variants":["grid-x"],"photos":0,"made":0,"skipped":0,"errors":0,"removed":0,"seconds":0,"failures":[],"warnings":[]}"#,
         "does not match"),
    ])
    func rejects(kind: String, document: String, expected: String) throws {
        let found = try JSONSchema(kind: kind).problems(json: Data(document.utf8))
        #expect(found.contains { $0.contains(expected) }, "\(found)")
    }

    /// A valid document passes, so the rejections above are about the one broken part.
    @Test("a minimal valid document of each kind passes")
    func minimalDocumentsPass() throws {
        let documents = [
            ("layout", #"{"version":1,"viewport":{"width":393,"height":759,"offset":0,"scale":3},"grid":{"columns":[{"x":0,"width":129}],"rowSpacing":3,"rowCount":0,"contentHeight":0,"count":0},"cells":[]}"#),
            ("list", #"{"version":1,"photos":[{"format":"jpeg","id":1,"media":"photo","path":"a.jpg","status":"missing"}]}"#),
            ("index-summary", #"{"version":1,"seen":3,"scanned":1,"added":1,"updated":0,"unchanged":0,"moved":0,"retried":0,"missing":0,"pruned":0,"prunedThumbnails":0,"errors":0,"vanished":0,"skipped":{"image":1,"raw":0,"video":0,"other":0,"hidden":1,"symlink":0,"cache":0,"pseudo":0,"output":0},"unreadableFolders":[{"path":"a","error":"Permission denied","rowsKept":2}],"seconds":0.5}"#),
            ("skipped-list", #"{"version":1,"skipped":[{"path":"a.png","kind":"image"}]}"#),
        ]
        for (kind, document) in documents {
            #expect(try JSONSchema(kind: kind).problems(json: Data(document.utf8)) == [], "\(kind)")
        }
    }
}
