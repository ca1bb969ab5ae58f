import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Thumbnails on demand: made on first request, once however many ask, cached by ETag.
@Suite(.serialized) struct ServedThumbnailTests {
    /// Width and height of a JPEG's frame, read from its SOF marker.
    static func frameSize(_ jpeg: [UInt8]) -> (width: Int, height: Int)? {
        guard let sof = JPEGBytes.startOfFrame(jpeg), sof + 9 <= jpeg.count else { return nil }
        return (Int(jpeg[sof + 7]) << 8 | Int(jpeg[sof + 8]), Int(jpeg[sof + 5]) << 8 | Int(jpeg[sof + 6]))
    }

    @Test func gridThumbnailIsMadeOnFirstRequestAndThenNotModified() throws {
        let library = try ServedLibrary(["--log-level", "info"])
        let layout = try library.server.get("/api/v1/layout?width=393&height=300").json()
        let cells = layout["cells"] as? [[String: Any]] ?? []
        #expect(cells.count == 9)  // three rows of three 129-pt cells reach into 300 pt
        let url = try #require(cells.first?["thumbnail"] as? String)
        let reply = try library.server.get("/" + url)
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "image/jpeg")
        #expect(reply.headers["cache-control"] == "public, max-age=31536000, immutable")
        let size = try #require(Self.frameSize(reply.body))
        #expect(size.width == 387 && size.height == 387)  // 129 pt × 3

        let etag = try #require(reply.headers["etag"])
        let again = try library.server.get("/" + url, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        let other = try library.server.get("/" + url, headers: ["If-None-Match": "\"something-else\""])
        #expect(other.status == 200)
        #expect(other.body == reply.body)

        // The file is in the library's thumbnail folder, recorded as `thumbs` records it (records are
        // written in batches, and at shutdown at the latest).
        let name = url.split(separator: "/").suffix(2).joined(separator: "/")
        let onDisk = try Data(contentsOf: library.folder.url.appendingPathComponent("thumbnails/" + name))
        #expect([UInt8](onDisk) == reply.body)
        #expect(library.server.stop(SIGTERM) == 0)
        let thumbs = try library.cli(["thumbs", "--json"])
        #expect(thumbs.status == 0)
        let summary = try thumbs.json()
        #expect(summary["made"] as? Int == SamplePhotos.facts.count - 1, "the served one is recorded as current")
        #expect(summary["skipped"] as? Int == 1)
    }

    @Test func tenConcurrentRequestsForOneMissingThumbnailMakeItOnce() throws {
        let library = try ServedLibrary(["--log-level", "info"])
        let detail = try library.server.get("/api/v1/detail/0?width=393").json()
        let url = try #require(detail["thumbnail"] as? String)
        let connections = try (0..<10).map { _ in try library.server.connect() }
        let request = Array("GET /\(url) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        for connection in connections { try connection.send(request) }
        let replies = try connections.map { try $0.readReply() }
        #expect(replies.map(\.status) == Array(repeating: 200, count: 10))
        #expect(Set(replies.map(\.body)).count == 1)
        // Fitted within 759 pt × 3 = 2277 px; a fit keeps a smaller photo's size (photo 0: 1200×800).
        let size = try #require(Self.frameSize(replies[0].body))
        let layout = try library.server.get("/api/v1/layout?width=393&height=10").json()
        let first = try #require((layout["cells"] as? [[String: Any]])?.first)
        let photoWidth = try #require(first["pixelWidth"] as? Int), photoHeight = try #require(first["pixelHeight"] as? Int)
        #expect(size.width == photoWidth && size.height == photoHeight && max(photoWidth, photoHeight) <= 2277)
        let name = String(url.dropFirst("api/v1/thumbnails/".count))
        let made = library.server.standardError.components(separatedBy: "made thumbnail \(name)").count - 1
        #expect(made == 1, "made \(made) times")
    }

    @Test func namesThatAreNoThumbnailAreNotFound() throws {
        let library = try ServedLibrary()
        for path in ["/api/v1/thumbnails/grid-387/0-0.jpg", "/api/v1/thumbnails/grid-387/nothing.jpg",
                     "/api/v1/thumbnails/grid-387/..%2F..%2Fetc%2Fpasswd", "/api/v1/thumbnails/grid-387/%2e%2e.jpg",
                     "/api/v1/thumbnails/grid-0/id-1.jpg", "/api/v1/thumbnails/grid-9000/id-1.jpg",
                     "/api/v1/thumbnails/banner-12/id-1.jpg", "/api/v1/thumbnails/grid-387/id-1.png",
                     "/api/v1/thumbnails/../../library.sqlite", "/api/v1/thumbnails//etc/passwd"] {
            let reply = try library.server.get(path)
            #expect(reply.status == 404, "\(path): \(reply.status) \(reply.text.prefix(120))")
        }
        // Nothing was written for them.
        let variants = (try? FileManager.default.contentsOfDirectory(atPath: library.folder.url.appendingPathComponent("thumbnails").path)) ?? []
        #expect(Set(variants).isSubset(of: ["CACHEDIR.TAG", ".photogrid-library"]), "\(variants)")
    }
}
