import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Requests no route takes are answered (or closed), and the server goes on serving.
@Suite(.serialized) struct ServedRequestSafetyTests {
    @Test func whatNoRouteTakesIsRefusedAndTheServerGoesOn() throws {
        let library = try ServedLibrary()
        let server = library.server
        let unknown = try server.get("/api/v2/layout?width=393")
        #expect(unknown.status == 404)
        #expect(unknown.errorMessage == "no such route: GET /api/v2/layout")

        for method in ["POST", "PUT", "DELETE", "PATCH"] {
            let reply = try server.connect().get("/api/v1/layout?width=393", method: method)
            #expect(reply.status == 405, "\(method)")
            #expect(reply.headers["allow"] == "GET, HEAD")
        }

        // A 1 MB body on a GET: refused before it is read.
        let connection = try server.connect()
        try connection.send(Array("GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\n".utf8))
        try? connection.send([UInt8](repeating: 0x41, count: 1 << 20))
        let body = try connection.readReply()
        #expect(body.status == 413)

        // A 64 KiB header: answered with an error or closed, never served.
        let big = try server.connect()
        try big.send(Array("GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 96 << 10))\r\n\r\n".utf8))
        if let reply = try? big.readReply() { #expect(reply.status >= 400, "\(reply.status)") }

        // Garbage instead of HTTP.
        let garbage = try server.connect()
        try garbage.send(Array("\u{0}\u{1}\u{2} not http at all\r\n\r\n".utf8))
        if let reply = try? garbage.readReply() { #expect(reply.status == 400) }

        // A client that goes away in the middle of a response.
        for _ in 0..<20 {
            let rude = try server.connect()
            try rude.send(Array("GET /api/v1/layout?width=393&all=true HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        }

        // Path tricks name no file.
        for path in ["/../library.sqlite", "/%2e%2e/library.sqlite", "/api/v1/../../library.sqlite", "/photos/sunset.jpg",
                     "/library.sqlite", "/api/v1/thumbnails/%2e%2e/%2e%2e/library.sqlite"] {
            let reply = try server.get(path)
            #expect(reply.status == 404, "\(path): \(reply.status)")
            #expect(!reply.body.starts(with: Array("SQLite format".utf8)))
        }
        #expect(try server.get("/healthz").status == 200)
        #expect(server.process.isRunning)
    }

    @Test func aTokenGuardsEveryRouteButHealth() throws {
        let token = "s3cret-token"
        let library = try ServedLibrary(["--token", token])
        let server = library.server
        #expect(try server.get("/healthz").status == 200)
        for path in ["/api/v1/stats", "/api/v1/layout?width=393", "/api/v1/openapi.json", "/"] {
            let none = try server.get(path)
            #expect(none.status == 401, "\(path)")
            #expect(none.headers["www-authenticate"] == "Bearer")
            #expect(try server.get(path, headers: ["Authorization": "Bearer wrong-token!"]).status == 401)
            #expect(try server.get(path, headers: ["Authorization": "Bearer " + token + "x"]).status == 401)
            #expect(try server.get(path, headers: ["Authorization": token]).status == 401)
            #expect(try server.get(path, headers: ["Authorization": "Bearer " + token]).status == 200, "\(path)")
        }
    }

    @Test func anotherHostThanLoopbackNeedsAToken() throws {
        let folder = try TemporaryFolder("photogrid-serve")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        let refused = try PhotoGridBinary.run(["serve", "photos", "--db", "l.sqlite", "--host", "0.0.0.0", "--port", "0"], in: folder.url)
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("photogrid: error: refusing to serve on 0.0.0.0 without a token"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("l.sqlite").path), "nothing written")
        let badPort = try PhotoGridBinary.run(["serve", "photos", "--port", "70000"], in: folder.url)
        #expect(badPort.status == 64)
        #expect(badPort.stderr == "photogrid: error: --port must be between 0 and 65535 (got 70000)\n")
        let badIdle = try PhotoGridBinary.run(["serve", "photos", "--idle-timeout", "0"], in: folder.url)
        #expect(badIdle.status == 64)
        #expect(badIdle.stderr == "photogrid: error: --idle-timeout must be between 1 and 86,400 seconds (got 0)\n")
        let noLibrary = try PhotoGridBinary.run(["serve", "--db", "none.sqlite"], in: folder.url)
        #expect(noLibrary.status == 1)
        #expect(noLibrary.stderr.hasPrefix("photogrid: error: no photo database at none.sqlite"))
        let noFolder = try PhotoGridBinary.run(["serve", "nowhere", "--db", "n.sqlite"], in: folder.url)
        #expect(noFolder.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("n.sqlite").path))
    }
    /// `all=true` holds a whole document per client while it is written: it is answered up to 10,000 cells,
    /// and a larger grid is refused with what to ask instead.
    @Test func allIsBoundedOnALargeGrid() throws {
        let folder = try TemporaryFolder("photogrid-all")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for number in 0..<10_001 {
            try Data(TinyJPEG.numbered(number)).write(to: photos.appendingPathComponent("p\(number).jpg"))
        }
        let server = try ServerProcess(["photos", "--db", "l.sqlite"], in: folder.url)
        try server.wait(for: "/api/v1/stats", headers: [:]) { reply in
            ((try? reply.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done"
        }
        let all = try server.get("/api/v1/layout?width=393&all=true")
        #expect(all.status == 400)
        #expect(all.errorMessage == "all=true answers at most 10,000 photos and the grid has 10,001: ask for the visible range (height and offset), or page through /api/v1/photos")
        let window = try server.get("/api/v1/layout?width=393&height=800&offset=100000")
        #expect(window.status == 200)
        #expect((try window.json()["grid"] as? [String: Any])?["count"] as? Int == 10_001)
        // Justified rows' cells are counted once laid out: at 1,000,000 pt wide, 10 pt rows and the default
        // 3 pt spacing, a row holds up to 76,923 of these square photos, so one row holds all 10,001.
        let row = try server.get("/api/v1/layout?width=1000000&height=100&offset=0&justified=true&rowHeight=10")
        #expect(row.status == 400)
        #expect(row.errorMessage == "height shows up to 10,001 cells at these columns; an answer holds at most 10,000 (ask for a smaller height and page with offset)")
        _ = server.stop()
    }
}
