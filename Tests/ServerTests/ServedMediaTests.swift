import Foundation
import Testing
import TestSupport

/// `GET /api/v1/media/{id}` over real HTTP: a video's own bytes (compared with the file), one `Range`
/// answered 206 with the bytes it names, 416 past the end, `ETag` and 304, `If-Range`, HEAD; a Live
/// Photo's id serves its movie; a photo, an unknown id and a file changed or swapped for a link since
/// indexing serve nothing.
@Suite("served media", .serialized)
struct ServedMediaTests {
    static let ffmpeg = ExternalTool("ffmpeg"), exiftool = ExternalTool("exiftool")

    final class Served {
        let folder: TemporaryFolder
        let server: ServerProcess
        var photos: URL { folder.url.appendingPathComponent("photos") }
        var ids: [String: Int] = [:]

        init() throws {
            let ffmpeg = try #require(ServedMediaTests.ffmpeg)
            folder = try TemporaryFolder("photogrid-media")
            let photos = folder.url.appendingPathComponent("photos")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"), to: photos.appendingPathComponent("sunset.jpg"))
            _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "3", "-c:v", "libx264",
                                "-pix_fmt", "yuv420p", photos.appendingPathComponent("clip.mp4").path])
            // A Live Photo by the name rule: a camera JPEG dated by exiftool and a 2 s MOV created then.
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("dragonfly.jpg"), to: photos.appendingPathComponent("IMG_0007.JPG"))
            let exiftool = try #require(ExternalTool("exiftool"))
            _ = try exiftool.run(["-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 10:00:00", photos.appendingPathComponent("IMG_0007.JPG").path])
            let taken = "2024-05-01T10:00:00"
            _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30", "-t", "2", "-c:v", "libx264",
                                "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.creationdate=\(taken)+0000",
                                photos.appendingPathComponent("IMG_0007.MOV").path])
            // An Android Motion Photo (the MicroVideo form, tags written by exiftool): a JPEG with a 1 s MP4 appended.
            let motion = folder.url.appendingPathComponent("motion.mp4")
            _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=30", "-t", "1", "-c:v", "libx264",
                                "-pix_fmt", "yuv420p", "-movflags", "+faststart", motion.path])
            let motionBytes = try Data(contentsOf: motion)
            let still = photos.appendingPathComponent("MVIMG_0008.jpg")
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent("sunset.jpg"), to: still)
            _ = try exiftool.run(["-q", "-overwrite_original", "-XMP-GCamera:MicroVideo=1", "-XMP-GCamera:MicroVideoOffset=\(motionBytes.count)", still.path])
            let handle = try FileHandle(forWritingTo: still)
            try handle.seekToEnd()
            try handle.write(contentsOf: motionBytes)
            try handle.close()
            server = try ServerProcess(["photos", "--db", "library.sqlite"], in: folder.url)
            _ = try server.wait(for: "/api/v1/stats") { reply in
                let json = try? reply.json()
                return json?["ok"] as? Int == 5 && (json?["indexing"] as? [String: Any])?["phase"] as? String == "done"
            }
            try readIDs()
        }

        func readIDs() throws {
            let rows = try #require(try server.get("/api/v1/photos").json()["photos"] as? [[String: Any]])
            ids = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row["id"] as? Int).map { (row["path"] as? String ?? "", $0) } })
        }

        func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: photos.appendingPathComponent(name))) }
    }

    @Test(.enabled(if: ffmpeg != nil && exiftool != nil, "needs ffmpeg and exiftool (apt-get install ffmpeg libimage-exiftool-perl)"))
    func rangesTagsAndWhatIsNotServed() throws {
        let served = try Served()
        let clip = try #require(served.ids["clip.mp4"]), photo = try #require(served.ids["sunset.jpg"])
        let file = try served.bytes("clip.mp4")
        let path = "/api/v1/media/\(clip)"

        let whole = try served.server.get(path)
        #expect(whole.status == 200)
        #expect(whole.body == file)
        #expect(whole.headers["content-type"] == "video/mp4" && whole.headers["accept-ranges"] == "bytes")
        #expect(whole.headers["content-length"] == "\(file.count)")
        let tag = try #require(whole.headers["etag"])

        let part = try served.server.get(path, headers: ["Range": "bytes=100-1123"])
        #expect(part.status == 206)
        #expect(part.headers["content-range"] == "bytes 100-1123/\(file.count)")
        #expect(part.body == Array(file[100...1123]))
        let tail = try served.server.get(path, headers: ["Range": "bytes=-10"])
        #expect(tail.status == 206 && tail.body == Array(file.suffix(10)))
        let open = try served.server.get(path, headers: ["Range": "bytes=\(file.count - 5)-"])
        #expect(open.status == 206 && open.body == Array(file.suffix(5)))
        let past = try served.server.get(path, headers: ["Range": "bytes=\(file.count)-"])
        #expect(past.status == 416 && past.headers["content-range"] == "bytes */\(file.count)")
        // Several ranges are not taken: the whole file, 200.
        let several = try served.server.get(path, headers: ["Range": "bytes=0-1,5-6"])
        #expect(several.status == 200 && several.body == file)

        #expect(try served.server.get(path, headers: ["If-None-Match": tag]).status == 304)
        #expect(try served.server.get(path, headers: ["If-None-Match": "\"other\", W/\(tag)"]).status == 304)
        let stale = try served.server.get(path, headers: ["Range": "bytes=0-9", "If-Range": "\"media-0-0-0\""])
        #expect(stale.status == 200 && stale.body == file)
        let fresh = try served.server.get(path, headers: ["Range": "bytes=0-9", "If-Range": tag])
        #expect(fresh.status == 206 && fresh.body == Array(file[0...9]))

        // A Live Photo's id serves its movie.
        let live = try #require(served.ids["IMG_0007.JPG"])
        let motion = try served.server.get("/api/v1/media/\(live)")
        let movie = try served.bytes("IMG_0007.MOV")
        #expect(motion.status == 200 && motion.body == movie, "\(motion.text.prefix(200))")
        #expect(motion.headers["content-type"] == "video/quicktime")

        // A Motion Photo's id serves the MP4 inside it (a range of the photo's own file), ranges included.
        let motionPhoto = try #require(served.ids["MVIMG_0008.jpg"])
        let appended = [UInt8](try Data(contentsOf: served.folder.url.appendingPathComponent("motion.mp4")))
        let embedded = try served.server.get("/api/v1/media/\(motionPhoto)")
        #expect(embedded.status == 200 && embedded.body == appended && embedded.headers["content-type"] == "video/mp4", "\(embedded.status)")
        let embeddedPart = try served.server.get("/api/v1/media/\(motionPhoto)", headers: ["Range": "bytes=4-11"])
        #expect(embeddedPart.status == 206 && embeddedPart.body == Array(appended[4...11]) && embeddedPart.headers["content-range"] == "bytes 4-11/\(appended.count)")

        let connection = try served.server.connect()
        let head = try connection.get(path, method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && head.headers["content-length"] == "\(file.count)")
        let headPart = try connection.get(path, headers: ["Range": "bytes=100-1123"], method: "HEAD")
        #expect(headPart.status == 206 && headPart.headers["content-length"] == "1024" && headPart.headers["content-range"] == "bytes 100-1123/\(file.count)")
        // HEAD does not read the file: what the server reads (/proc/PID/io) over 20 HEADs is its checks'
        // (the database, the content key's bytes), under half of what 20 GETs read.
        func serverReads(_ method: String) throws -> Int {
            let before = try served.server.bytesRead()
            for _ in 0..<20 { _ = try connection.get(path, method: method) }
            return try served.server.bytesRead() - before
        }
        let gets = try serverReads("GET"), heads = try serverReads("HEAD")
        #expect(gets >= 20 * file.count, "\(gets)")
        #expect(heads < gets / 2, "\(heads) bytes read for 20 HEADs of a \(file.count)-byte file, \(gets) for 20 GETs")

        for (target, status) in [("/api/v1/media/\(photo)", 404), ("/api/v1/media/999999", 404), ("/api/v1/media/abc", 404),
                                 ("/api/v1/media/-1", 404), ("/api/v1/media/\(clip)?x=1", 400)] {
            let reply = try served.server.get(target)
            #expect(reply.status == status, "\(target): \(reply.text)")
            #expect(reply.errorMessage != nil, "\(target)")
        }

        // Changed since indexing (a byte appended): not served until the next index run reads it again.
        let handle = try FileHandle(forWritingTo: served.photos.appendingPathComponent("clip.mp4"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let changed = try served.server.get(path)
        #expect(changed.status == 409, "\(changed.text)")
        // Swapped for a link to a file outside the folder: nothing is served.
        let outside = served.folder.url.appendingPathComponent("outside.mp4")
        try Data(file).write(to: outside)
        try FileManager.default.removeItem(at: served.photos.appendingPathComponent("clip.mp4"))
        try FileManager.default.createSymbolicLink(at: served.photos.appendingPathComponent("clip.mp4"), withDestinationURL: outside)
        let linked = try served.server.get(path)
        #expect(linked.status == 409 && !linked.body.starts(with: file.prefix(64)), "\(linked.text)")
    }

    /// A video is sent on at most a quarter of the connections at once (4 of 16 here; 503 with Retry-After
    /// past that), and a client that reads nothing of it is closed after the idle timeout: its descriptor
    /// and chunks go back, and the next client is sent the whole file.
    @Test(.enabled(if: ffmpeg != nil, "needs ffmpeg (apt-get install ffmpeg)"))
    func unreadVideosHoldAQuarterOfTheConnectionsAtMostAndOnlyForTheIdleTimeout() throws {
        let ffmpeg = try #require(Self.ffmpeg)
        let folder = try TemporaryFolder("photogrid-media-streams")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let video = photos.appendingPathComponent("big.mp4")
        _ = try ffmpeg.run(["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-t", "4", "-c:v", "libx264",
                            "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", video.path])
        let file = [UInt8](try Data(contentsOf: video))
        try #require(file.count > 4 << 20, "\(file.count) bytes: too few to fill the sockets' buffers")
        let server = try ServerProcess(["photos", "--db", "library.sqlite", "--max-connections", "16", "--idle-timeout", "3"], in: folder.url)
        _ = try server.wait(for: "/api/v1/stats") { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        let id = try #require((try server.get("/api/v1/photos").json()["photos"] as? [[String: Any]])?.first?["id"] as? Int)
        // Four clients with small windows ask for the video and read nothing.
        let unread = try (0..<4).map { _ in try HTTPConnection(port: server.port, receiveBuffer: 4096) }
        for connection in unread { try connection.send(Array("GET /api/v1/media/\(id) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)) }
        Thread.sleep(forTimeInterval: 1)
        let refused = try server.get("/api/v1/media/\(id)")
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1", "\(refused.status)")
        #expect(refused.errorMessage == "4 videos are being sent; try again in a second")
        #expect(try server.get("/healthz").status == 200)
        // Closed by the server once unread for the idle timeout (3 s, looked at every 3 s): what was on its
        // way arrives, then the end, well short of the file.
        Thread.sleep(forTimeInterval: 7)
        for connection in unread {
            let (bytes, closed) = connection.drain(within: 5)
            #expect(closed && bytes < file.count / 2, "\(bytes) of \(file.count) bytes, closed: \(closed)")
        }
        let whole = try server.get("/api/v1/media/\(id)")
        #expect(whole.status == 200 && whole.body == file, "\(whole.status), \(whole.body.count) of \(file.count) bytes")
    }

    @Test(.enabled(if: ffmpeg != nil && exiftool != nil, "needs ffmpeg and exiftool (apt-get install ffmpeg libimage-exiftool-perl)"))
    func aFolderSwappedForALinkReachesNothingOutside() throws {
        let served = try Served()
        let clip = try #require(served.ids["clip.mp4"])
        let file = try served.bytes("clip.mp4")
        // The clip moves into `album/` and is indexed there (the same row: a move), then `album/` is moved
        // out of the library and a link put in its place: same name, size and time, outside the folder.
        let album = served.photos.appendingPathComponent("album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: served.photos.appendingPathComponent("clip.mp4"), to: album.appendingPathComponent("clip.mp4"))
        let index = try PhotoGridBinary.run(["index", "photos", "--db", "library.sqlite"], in: served.folder.url)
        #expect(index.status == 0, "\(index.stderr)")
        try served.readIDs()
        let moved = try #require(served.ids["album/clip.mp4"])
        #expect(moved == clip)
        #expect(try served.server.get("/api/v1/media/\(moved)").body == file)
        let outside = served.folder.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: album, to: outside)
        try FileManager.default.createSymbolicLink(at: album, withDestinationURL: outside)
        let reply = try served.server.get("/api/v1/media/\(moved)")
        #expect(reply.status == 409, "\(reply.status) \(reply.text.prefix(200))")
    }
}
