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
        // Fitted within 759 pt × 3 = 2277 px (the rung 2560); a fit keeps a smaller photo's size (photo 0: 1200×800).
        let size = try #require(Self.frameSize(replies[0].body))
        let layout = try library.server.get("/api/v1/layout?width=393&height=10").json()
        let first = try #require((layout["cells"] as? [[String: Any]])?.first)
        let photoWidth = try #require(first["pixelWidth"] as? Int), photoHeight = try #require(first["pixelHeight"] as? Int)
        #expect(size.width == photoWidth && size.height == photoHeight && max(photoWidth, photoHeight) <= 2277)
        let name = String(url.dropFirst("api/v1/thumbnails/".count))
        let made = library.server.standardError.components(separatedBy: "made thumbnail \(name)").count - 1
        #expect(made == 1, "made \(made) times")
    }

    /// The ladder (docs/serve.md, "Thumbnail sizes"): grid sides 128, 192, 256, 387, 512, 768, 1024, 1536,
    /// 2048 and detail sides 640, 1280, 1920, 2560, 3840 — the only sizes made, whatever is asked — and a
    /// rung above a photo's own size served from the lowest rung that makes the same picture.
    static let gridRungs = [128, 192, 256, 387, 512, 768, 1024, 1536, 2048]
    static let detailRungs = [640, 1280, 1920, 2560, 3840]

    @Test func arbitrarySizesCannotGrowTheCacheBeyondTheLadder() throws {
        let library = try ServedLibrary()
        let layout = try library.server.get("/api/v1/layout?width=393&height=10000").json()
        let cells = try #require(layout["cells"] as? [[String: Any]])
        // A big photo (1600×1065) and a small one (orientation/Landscape_1.jpg, 600×400).
        let big = try #require(cells.first { $0["path"] as? String == "aitzgorri.jpg" })
        let small = try #require(cells.first { $0["path"] as? String == "orientation/Landscape_1.jpg" })
        let connection = try library.server.connect()
        for cell in [big, small] {
            let stem = try #require((cell["thumbnail"] as? String)?.split(separator: "/").last.map { String($0.dropLast(4)) })
            var made = 0
            // 314 sizes, as a crafted page would ask: only the ladder's are answered.
            for side in Array(stride(from: 1, through: 4200, by: 28)) + Self.gridRungs + Self.detailRungs {
                for kind in ["grid", "detail"] {
                    let reply = try connection.get("/api/v1/thumbnails/\(kind)-\(side)/\(stem).jpg")
                    let onLadder = (kind == "grid" ? Self.gridRungs : Self.detailRungs).contains(side)
                    #expect(reply.status == (onLadder ? 200 : 404), "\(kind)-\(side): \(reply.status)")
                    if !onLadder { #expect(reply.errorMessage?.contains("this server makes grid-128, grid-192") == true) }
                    if onLadder { made += 1 }
                }
            }
            var replies: [String: [UInt8]] = [:]
            for side in Self.gridRungs { replies["grid-\(side)"] = try connection.get("/api/v1/thumbnails/grid-\(side)/\(stem).jpg").body }
            for side in Self.detailRungs { replies["detail-\(side)"] = try connection.get("/api/v1/thumbnails/detail-\(side)/\(stem).jpg").body }
            let width = try #require(cell["pixelWidth"] as? Int), height = try #require(cell["pixelHeight"] as? Int)
            for (name, bytes) in replies {
                let size = try #require(Self.frameSize(bytes), "\(name)")
                let rung = Int(name.split(separator: "-")[1])!
                // Never above the photo's own size.
                if name.hasPrefix("grid") {
                    #expect(size.width == min(rung, min(width, height)) && size.height == size.width, "\(name): \(size)")
                } else {
                    #expect(max(size.width, size.height) == min(rung, max(width, height)), "\(name): \(size)")
                }
            }
            // Files on disk: one per rung up to the first that reaches the photo's own side.
            let files = try FileManager.default.contentsOfDirectory(atPath: library.folder.url.appendingPathComponent("thumbnails").path)
                .filter { FileManager.default.fileExists(atPath: library.folder.url.appendingPathComponent("thumbnails/\($0)/\(stem).jpg").path) }
            let gridFiles = Self.gridRungs.prefix { $0 < min(width, height) }.count + 1
            let detailFiles = Self.detailRungs.prefix { $0 < max(width, height) }.count + 1
            #expect(files.count == min(gridFiles, Self.gridRungs.count) + min(detailFiles, Self.detailRungs.count), "\(cell["path"] ?? ""): \(files.sorted())")
            #expect(files.count <= 14)
            // A rung above the photo's size is the same file as the lowest one that makes the same picture.
            if cell["path"] as? String == "orientation/Landscape_1.jpg" {
                #expect(replies["grid-2048"] == replies["grid-512"] && replies["detail-3840"] == replies["detail-640"])
                #expect(files.sorted() == ["detail-640", "grid-128", "grid-192", "grid-256", "grid-387", "grid-512"])
            }
            #expect(made == 14)  // each rung once (no stride value is a rung)
        }
    }

    /// A thumbnail that cannot be stored (a file-size limit, `ulimit -f`, SIGXFSZ ignored: write(2) fails
    /// with EFBIG, the portable stand-in for a full disk) is a 507 whose message names no path of the
    /// server's; nothing is recorded against the photo, and the server goes on.
    @Test func aThumbnailThatCannotBeStoredIs507WithoutAPath() throws {
        let folder = try TemporaryFolder("photogrid-full")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        let index = try PhotoGridBinary.run(["index", "photos", "--db", "library.sqlite"], in: folder.url)
        #expect(index.status == 0, "\(index.stderr)")
        // 200 blocks of 512 bytes: the database is written before (and not grown by one request), a
        // 2048-px thumbnail of a 1600×1065 photo is larger, a 128-px one is not.
        let server = try ServerProcess(["--db", "library.sqlite"], in: folder.url, shell: "trap '' XFSZ; ulimit -f 200")
        let layout = try server.get("/api/v1/layout?width=393&height=10000").json()
        let cell = try #require((layout["cells"] as? [[String: Any]])?.first { $0["path"] as? String == "aitzgorri.jpg" })
        let stem = try #require((cell["thumbnail"] as? String)?.split(separator: "/").last)
        let full = try server.get("/api/v1/thumbnails/grid-2048/\(stem)")
        #expect(full.status == 507, "\(full.status) \(full.text)")
        #expect(full.errorMessage == "the thumbnail could not be stored: File too large (errno 27)", "\(full.text)")
        #expect(!full.text.contains("/") && !full.text.contains(".tmp"), "\(full.text)")
        #expect(try server.get("/api/v1/thumbnails/grid-128/\(stem)").status == 200)
        #expect(try server.get("/api/v1/thumbnails/grid-2048/\(stem)").status == 507, "tried again, not remembered as the photo's failure")
        #expect(server.stop(SIGTERM) == 0)
    }

    /// Placeholders: the centre square of the small JPEG a camera embeds in the Exif segment, turned
    /// upright by the photo's orientation — checked against ImageMagick's cut of the thumbnail exiftool
    /// reads back; a photo without one, or with one of another shape (letterboxed), has none (204); a name
    /// no photo has is a 404.
    @Test func placeholdersAreTheEmbeddedThumbnailsCentreSquare() throws {
        guard let exiftool = ExternalTool("exiftool"), let magick = ExternalTool("convert-im6.q16") else { return }
        let folder = try TemporaryFolder("photogrid-placeholder")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let sunset = Repository.sampleImages.appendingPathComponent("sunset.jpg").path
        // A 160×107 thumbnail of the 1600×1067 photo; the same photo stored sideways with orientation 6;
        // the Canon sample's own 160×120 thumbnail of a 3:2 photo (letterboxed); a photo with none.
        let thumb = folder.url.appendingPathComponent("thumb.jpg").path
        _ = try magick.run([sunset, "-resize", "160x160", "-quality", "90", thumb])
        let upright = photos.appendingPathComponent("upright.jpg").path
        try FileManager.default.copyItem(atPath: sunset, toPath: upright)
        _ = try exiftool.run(["-q", "-overwrite_original", "-ThumbnailImage<=\(thumb)", upright])
        let sideways = photos.appendingPathComponent("sideways.jpg").path
        _ = try magick.run([sunset, "-rotate", "270", "-quality", "90", sideways])
        let sidewaysThumb = folder.url.appendingPathComponent("sideways-thumb.jpg").path
        _ = try magick.run([thumb, "-rotate", "270", "-quality", "90", sidewaysThumb])
        _ = try exiftool.run(["-q", "-overwrite_original", "-Orientation#=6", "-ThumbnailImage<=\(sidewaysThumb)", sideways])
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("storm-canon.jpg"),
                                         to: photos.appendingPathComponent("letterboxed.jpg"))
        try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"),
                                         to: photos.appendingPathComponent("none.jpg"))
        let server = try ServerProcess(["photos", "--db", "l.sqlite"], in: folder.url)
        try server.wait(for: "/api/v1/stats", headers: [:]) { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        let cells = try #require(try server.get("/api/v1/layout?width=393&all=true").json()["cells"] as? [[String: Any]])
        func placeholder(_ name: String) throws -> HTTPConnection.Reply {
            let cell = try #require(cells.first { $0["path"] as? String == name })
            let stem = try #require((cell["thumbnail"] as? String)?.split(separator: "/").last)
            return try server.get("/api/v1/placeholders/\(stem)")
        }
        for name in ["upright.jpg", "sideways.jpg"] {
            let reply = try placeholder(name)
            #expect(reply.status == 200 && reply.headers["content-type"] == "image/jpeg", "\(name): \(reply.status)")
            let served = folder.url.appendingPathComponent("served-\(name)").path
            try Data(reply.body).write(to: URL(fileURLWithPath: served))
            let made = try #require(NetpbmImage([UInt8](try magick.run([served, "ppm:-"]))))
            // The thumbnail exiftool reads back, upright (the sideways photo's turned as orientation 6 says), centre square.
            let embedded = folder.url.appendingPathComponent("embedded-\(name)").path
            try exiftool.run(["-b", "-ThumbnailImage", photos.appendingPathComponent(name).path]).write(to: URL(fileURLWithPath: embedded))
            let turn = name == "sideways.jpg" ? ["-rotate", "90"] : []
            let reference = try #require(NetpbmImage([UInt8](try magick.run([embedded] + turn + ["+repage", "-gravity", "center", "-crop", "107x107+0+0", "+repage", "ppm:-"]))))
            #expect(made.width == 107 && made.height == 107, "\(name): \(made.width)×\(made.height)")
            let psnr = NetpbmImage.psnr(made.rgb, reference.rgb)
            #expect(psnr >= 30, "\(name): \(psnr) dB")
            // Turned wrong, it would not match.
            if name == "sideways.jpg" {
                let wrong = try #require(NetpbmImage([UInt8](try magick.run([embedded, "-rotate", "270", "+repage", "-gravity", "center", "-crop", "107x107+0+0", "+repage", "ppm:-"]))))
                #expect(NetpbmImage.psnr(made.rgb, wrong.rgb) < psnr - 6)
            }
        }
        #expect(try placeholder("letterboxed.jpg").status == 204)
        #expect(try placeholder("none.jpg").status == 204)
        #expect(try server.get("/api/v1/placeholders/nothing.jpg").status == 404)
        _ = server.stop()
    }

    /// `If-None-Match` may list several tags (`"other", "grid-387-…"`) or weak ones (`W/"…"`): either names
    /// the thumbnail, on the router's path (not made yet) and on the answers from memory alike.
    @Test func ifNoneMatchListsAndWeakTagsAreNotModified() throws {
        let library = try ServedLibrary()
        let cells = try #require(try library.server.get("/api/v1/layout?width=393&height=300").json()["cells"] as? [[String: Any]])
        let url = "/" + (try #require(cells.first?["thumbnail"] as? String))
        let parts = url.split(separator: "/")
        let etag = "\"\(parts[parts.count - 2])-\(parts[parts.count - 1].dropLast(4))\""
        for header in ["\"other\", \(etag)", "\(etag) , \"other\"", "W/\(etag)", "\"a\",W/\(etag)"] {
            #expect(try library.server.get(url, headers: ["If-None-Match": header]).status == 304, "router: \(header)")
        }
        let made = try library.server.get(url)
        #expect(made.status == 200 && made.headers["etag"] == etag)
        for header in ["\"other\", \(etag)", "W/\(etag)"] {
            #expect(try library.server.get(url, headers: ["If-None-Match": header]).status == 304, "memory: \(header)")
        }
        #expect(try library.server.get(url, headers: ["If-None-Match": "\"other\", \"grid-387-x\""]).status == 200)
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
