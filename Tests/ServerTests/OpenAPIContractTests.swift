import Foundation
import Testing
import TestSupport

/// `docs/openapi.json` is what the server serves, and it names exactly the routes the server answers.
@Suite struct OpenAPIContractTests {
    /// The documented query values that make each operation succeed (required ones).
    static let queries = ["/api/v1/layout": "?width=393", "/api/v1/detail/{index}": "?width=393",
                          "/api/v1/zoom": "?width=393&from=adaptive:100/3&to=adaptive:60/3&at=10,10"]

    @Test func theServedDocumentIsTheRepositorysAndEveryPathIsARoute() throws {
        let library = try ServedLibrary()
        let served = try library.server.get("/api/v1/openapi.json")
        #expect(served.status == 200)
        let committed = try Data(contentsOf: Repository.root.appendingPathComponent("docs/openapi.json"))
        #expect(served.body == [UInt8](committed) + [UInt8(ascii: "\n")] || served.body == [UInt8](committed))
        let document = try served.json()
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: Any])
        #expect(Set(paths.keys) == ["/api/v1/layout", "/api/v1/detail/{index}", "/api/v1/zoom", "/api/v1/photos",
                                    "/api/v1/stats", "/api/v1/duplicates", "/api/v1/thumbnails/{variant}/{name}", "/api/v1/placeholders/{name}", "/api/v1/media/{id}", "/api/v1/events",
                                    "/api/v1/logout", "/api/v1/openapi.json", "/healthz", "/"])
        for (path, item) in paths {
            let operations = try #require(item as? [String: Any])
            if path == "/api/v1/logout" {
                #expect(Set(operations.keys) == ["post"], "\(path) documents only POST")
                let reply = try library.server.connect().get(path, method: "POST")
                let responses = (operations["post"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                #expect(reply.status == 204 && responses["204"] != nil, "\(path): \(reply.status)")
                continue
            }
            #expect(Set(operations.keys) == ["get"], "\(path) documents only GET")
            var concrete = path.replacingOccurrences(of: "{index}", with: "0")
            if path.hasPrefix("/api/v1/thumbnails/") || path.hasPrefix("/api/v1/placeholders/") {  // a name the layout gives
                let cells = try library.server.get("/api/v1/layout?width=393").json()["cells"] as? [[String: Any]]
                concrete = "/" + (try #require(cells?.first?["thumbnail"] as? String))
                if path.hasPrefix("/api/v1/placeholders/") {
                    // The samples' one embedded thumbnail is letterboxed: a documented 204 (ServedThumbnailTests has the 200s).
                    let reply = try library.server.get("/api/v1/placeholders/" + (concrete.split(separator: "/").last.map(String.init) ?? ""))
                    let responses = (operations["get"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                    #expect(reply.status == 204 && responses["204"] != nil && responses["200"] != nil, "\(path): \(reply.status)")
                    continue
                }
            }
            if path == "/api/v1/media/{id}" {
                // The samples are photos: a documented 404 (ServedMediaTests has the 200s, 206s, 304s and 416s).
                let reply = try library.server.get("/api/v1/media/1")
                let responses = (operations["get"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
                #expect(reply.status == 404 && responses["404"] != nil && responses["200"] != nil && responses["206"] != nil, "\(path): \(reply.status)")
                continue
            }
            if path == "/api/v1/events" {
                let stream = try library.server.connect()
                try stream.send(Array("GET \(concrete) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                let head = String(decoding: stream.readAvailable(for: 0.5), as: UTF8.self)
                #expect(head.hasPrefix("HTTP/1.1 200"), "\(path)")
                continue
            }
            let reply = try library.server.get(concrete + (Self.queries[path] ?? ""))
            #expect(reply.status == 200, "\(path): \(reply.status) \(reply.text.prefix(160))")
            let responses = (operations["get"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
            #expect(responses["200"] != nil, "\(path) documents its 200")
        }
    }
}
