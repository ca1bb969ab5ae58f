import Foundation
import Testing
import TestSupport

/// `GET /api/v1/duplicates` from the built server: answered at once from the signatures kept, the
/// missing ones made in the background (`pending` falls to 0), then the same bytes as
/// `photogrid duplicates --json` for the same library — the six copies of one picture made by independent
/// tools (Tests/DuplicatesTests/Fixtures) one group, a byte copy an exact group, the other pictures none.
@Suite struct ServedDuplicatesTests {
    @Test func theServerMakesSignaturesAndAnswersWhatTheCommandLinePrints() throws {
        let folder = try TemporaryFolder("photogrid-serve-duplicates")
        let photos = folder.url.appendingPathComponent("photos")
        let fixtures = Repository.root.appendingPathComponent("Tests/DuplicatesTests/Fixtures")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { !$0.hasSuffix(".sh") }
        for name in names { try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: photos.appendingPathComponent(name)) }
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("other-dark.jpg"), to: photos.appendingPathComponent("dark-copy.jpg"))

        let server = try ServerProcess(["photos", "--db", "library.sqlite"], in: folder.url)
        try server.wait(for: "/api/v1/stats") { reply in
            ((try? reply.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done"
        }
        let first = try server.get("/api/v1/duplicates")
        #expect(first.status == 200)
        #expect(try first.json()["pending"] as? Int ?? -1 > 0)  // nothing made before the first request
        let done = try server.wait(for: "/api/v1/duplicates", timeout: 120) { reply in (try? reply.json())?["pending"] as? Int == 0 }
        let document = try done.json()
        let groups = try #require(document["groups"] as? [[String: Any]])
        let sets = Set(groups.map { (($0["photos"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String }.sorted() })
        #expect(sets == [["same-png-256.png", "same-q60-rot6.jpg", "same-vips-256.jpg", "same.avif", "same.heic", "same.webp"],
                         ["dark-copy.jpg", "other-dark.jpg"]])
        #expect(document["photos"] as? Int == names.count + 1)

        let cli = try PhotoGridBinary.run(["duplicates", "--db", "library.sqlite", "--json"], in: folder.url)
        #expect(cli.status == 0)
        #expect(try cli.json()["signaturesMade"] as? Int == 0)  // the server made them all
        // The command line's document, with a thumbnail URL added to each copy (one the server answers).
        var served = done.body
        var removed = 0
        while let range = served.firstRange(of: Array(#","thumbnail":"api/v1/thumbnails/detail-640/"#.utf8)) {
            let close = try #require(served[range.upperBound...].firstIndex(of: UInt8(ascii: "\"")))
            let url = String(decoding: served[range.lowerBound + 14 ..< close], as: UTF8.self)
            if removed == 0 {
                let thumbnail = try server.get("/" + url)
                #expect(thumbnail.status == 200, "\(url)")
                #expect(thumbnail.body.starts(with: [0xFF, 0xD8]))
            }
            served.removeSubrange(range.lowerBound ... close)
            removed += 1
        }
        #expect(removed == 8)
        #expect(served == [UInt8](cli.stdout))
        #expect(done.body.last == UInt8(ascii: "\n"))
        #expect(try server.get("/api/v1/duplicates?x=1").status == 400)

        // hide=copies: the grid without the copies not kept — five of the six same-* files and one of the
        // two dark ones — in every arrangement, and detail and zoom on the same reduced grid.
        func paths(_ query: String) throws -> [String] {
            let reply = try server.get("/api/v1/layout?width=393&height=2000&all=true" + query)
            #expect(reply.status == 200, "\(query): \(reply.text)")
            return (try reply.json()["cells"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        }
        let all = try paths("")
        #expect(all.count == names.count + 1)
        let shown = try paths("&hide=copies")
        let hiddenNames = Set(all).subtracting(shown)
        #expect(shown.count == all.count - 6)
        #expect(hiddenNames.count == 6)
        #expect(hiddenNames.filter { $0.hasPrefix("same") }.count == 5)
        #expect(hiddenNames.contains("other-dark.jpg") != hiddenNames.contains("dark-copy.jpg"))
        #expect(shown == all.filter { !hiddenNames.contains($0) })  // the order kept
        for arrangement in ["&group=day", "&justified=true", "&cellStyle=fit"] {
            #expect(try paths(arrangement + "&hide=copies") == shown, "\(arrangement)")
        }
        let last = shown.count - 1
        let detail = try server.get("/api/v1/detail/\(last)?width=393&height=759&hide=copies")
        #expect(detail.status == 200)
        #expect(try detail.json()["path"] as? String == shown[last])
        let past = try server.get("/api/v1/detail/\(shown.count)?width=393&height=759&hide=copies")
        #expect(past.errorMessage == "index \(shown.count) is out of range: the grid has \(shown.count) photo(s), indices 0…\(shown.count - 1)")
        let zoom = try server.get("/api/v1/zoom?width=393&from=adaptive:100/3&to=adaptive:60/3&at=10,10&hide=copies")
        #expect(zoom.status == 200)
        #expect(((try zoom.json()["layout"] as? [String: Any])?["grid"] as? [String: Any])?["count"] as? Int == shown.count)
        #expect(try server.get("/api/v1/layout?width=393&hide=photos").status == 400)
    }
}
