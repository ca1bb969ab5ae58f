import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Each hole the hostile-client review found (docs/serve.md, "Limits"), as a request to the built binary
/// over real HTTP: refused with the status the rule names, and the server goes on serving.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServedHostileRequestTests {
    /// A library of `count` rows (no files: layouts only read rows), served without a folder.
    static func rowsLibrary(_ count: Int, _ arguments: [String] = []) throws -> (TemporaryFolder, ServerProcess) {
        let folder = try TemporaryFolder("photogrid-hostile")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let database = folder.url.appendingPathComponent("library.sqlite").path
        let index = try PhotoGridBinary.run(["index", photos.path, "--db", database], in: folder.url)
        #expect(index.status == 0, "\(index.stderr)")
        let script = """
        import sqlite3, sys
        con = sqlite3.connect(sys.argv[1])
        con.executemany("INSERT INTO photos (path_bytes, path, file_size, mtime_ns, content_key, stored_width, stored_height, display_width, display_height, orientation, components, color_space, progressive, taken_at, sort_key, status, error, first_seen, last_seen) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            ((f"IMG_{i:06d}.jpg".encode(), f"IMG_{i:06d}.jpg", 1000, 0, f"1000-{i:016x}", 4032, 3024, 4032, 3024, 1, 3, "ycbcr", 0, "2024-01-01T00:00:00", "2024-01-01T00:00:00", "ok", None, "2024-01-01T00:00:00", "2024-01-01T00:00:00") for i in range(int(sys.argv[2]))))
        con.commit()
        """
        let insert = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, database, String(count)], in: folder.url)
        #expect(insert.status == 0, "\(insert.stderr)")
        return (folder, try ServerProcess(["--db", "library.sqlite"] + arguments, in: folder.url))
    }

    /// The server's peak resident memory so far, in KiB (`VmHWM`).
    static func peakKiB(_ server: ServerProcess) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func everyLayoutAnswerIsBoundedBeforeAnyWork() throws {
        let (folder, server) = try Self.rowsLibrary(20_001)
        defer { withExtendedLifetime(folder) {} }
        _ = try server.wait(for: "/api/v1/stats") { (try? $0.json())?["ok"] as? Int == 20_001 }
        let before = Self.peakKiB(server)
        // Row 1 of the review: 300 adaptive columns of 0.001 pt in a 4 KB URL built a 155 MB answer.
        let many = Array(repeating: "adaptive:0.001/0", count: 300).joined(separator: ",")
        let amplified = try server.get("/api/v1/layout?width=1000000&height=10&columns=" + many)
        #expect(amplified.status == 400)
        #expect(amplified.errorMessage?.hasPrefix("columns has 300 items; a question takes at most 32") == true, "\(amplified.text)")
        let thirtyTwo = Array(repeating: "adaptive:0.001/0", count: 32).joined(separator: ",")
        let wide = try server.get("/api/v1/layout?width=1000000&height=10&columns=" + thirtyTwo)
        #expect(wide.status == 400)
        #expect(wide.errorMessage?.hasPrefix("columns makes 320,000 columns at width 1000000; a grid has at most 1,000") == true, "\(wide.text)")
        // Row 2: the all=true cap was bypassed by a tall viewport or a wide grid.
        let tall = try server.get("/api/v1/layout?width=393&height=1000000&rowSpacing=0")
        #expect(tall.status == 400)
        #expect(tall.errorMessage?.hasPrefix("height shows up to") == true, "\(tall.text)")
        let onePointColumns = try server.get("/api/v1/layout?width=1000000&columns=adaptive:1/0")
        #expect(onePointColumns.status == 400)
        #expect(onePointColumns.errorMessage?.hasPrefix("columns makes 10,000 columns") == true, "\(onePointColumns.text)")
        let all = try server.get("/api/v1/layout?width=393&all=true")
        #expect(all.status == 400)
        #expect(all.errorMessage?.hasPrefix("all=true answers at most 10,000 photos and the grid has 20,001") == true, "\(all.text)")
        #expect(try server.get("/api/v1/layout?width=393&cellStyle=fit").status == 400)
        #expect(try server.get("/api/v1/zoom?width=393&from=adaptive:100/3&to=adaptive:0.001/0&at=10,10").status == 400)
        #expect(try server.get("/api/v1/detail/0?width=1000000&columns=adaptive:0.001/0").status == 400)

        // Just inside each limit: answered. 3 columns of 129 pt (pitch 132): 3,300 rows → 9,903 cells at most.
        let inside = try server.get("/api/v1/layout?width=393&height=435600")
        #expect(inside.status == 200)
        #expect(((try? inside.json())?["cells"] as? [Any])?.count ?? 0 > 9_800)
        // 0.5-pt columns at width 500: exactly 1,000 columns (one row shown: 1,000 to 3,000 cells).
        let thousand = try server.get("/api/v1/layout?width=500&height=1&columns=adaptive:0.5/0")
        #expect(thousand.status == 200, "\(thousand.text.prefix(300))")
        #expect((((try? thousand.json())?["grid"] as? [String: Any])?["columns"] as? [Any])?.count == 1_000)
        #expect(try server.get("/api/v1/layout?width=501&height=1&columns=adaptive:0.5/0").status == 400)
        #expect(try server.get("/api/v1/layout?width=393&height=10&columns=" + Array(repeating: "fixed:1/0", count: 32).joined(separator: ",")).status == 200)
        #expect(try server.get("/api/v1/layout?width=393&height=10&columns=" + Array(repeating: "fixed:1/0", count: 33).joined(separator: ",")).status == 400)
        // The worst answers just inside cost little memory: the peak grew by at most 64 MiB.
        let grown = Self.peakKiB(server) - before
        #expect(grown < 64 * 1024, "peak RSS grew by \(grown) KiB")
        #expect(server.process.isRunning)
    }

    @Test func targetsHeadersAndEchoedNamesAreBounded() throws {
        let library = try ServedLibrary()
        let server = library.server
        // The target: 8,192 bytes are read, one more is 414.
        let path = "/api/v1/layout?width=393&x="
        let exact = try server.get(path + String(repeating: "a", count: 8192 - path.utf8.count))
        #expect(exact.status == 400)
        #expect(exact.errorMessage?.hasPrefix("unknown query parameter 'x'") == true)
        #expect(try server.get(path + String(repeating: "a", count: 8193 - path.utf8.count)).status == 414)
        // The server's own note of an absolute-form target, sent by a client, changes nothing.
        #expect(try server.get(path + String(repeating: "a", count: 8193 - path.utf8.count), headers: ["photogrid-absolute-target": "/"]).status == 414)
        // A number is read whole: `Double` would stop at a NUL.
        let nul = try server.get("/api/v1/layout?width=393%00junk")
        #expect(nul.status == 400 && nul.errorMessage?.hasPrefix("width must be a number") == true, "\(nul.status) \(nul.text.prefix(200))")
        // A long unknown name is shown cut to 64 characters, never echoed whole.
        let name = String(repeating: "n", count: 7000)
        let unknown = try server.get("/api/v1/layout?width=393&\(name)=1")
        #expect(unknown.status == 400)
        #expect((unknown.errorMessage?.count ?? .max) < 400, "\(unknown.text.count) bytes")
        // Headers: 16 KiB of names and values in all, 431 beyond.
        #expect(try server.get("/api/v1/stats", headers: ["X-Filler": String(repeating: "b", count: 15_000)]).status == 200)
        #expect(try server.get("/api/v1/stats", headers: ["X-Filler": String(repeating: "b", count: 17_000)]).status == 431)
        #expect(try server.get("/healthz").status == 200)
    }

    @Test func browsersRequestsFromAnotherSiteAreRefused() throws {
        let library = try ServedLibrary()
        let server = library.server
        let layout = try server.get("/api/v1/layout?width=393&all=true").json()
        let thumbnail = "/" + (((layout["cells"] as? [[String: Any]])?.first?["thumbnail"] as? String) ?? "")
        for path in ["/api/v1/layout?width=393", "/api/v1/stats", thumbnail, "/api/v1/events", "/api/v1/photos", "/healthz"] {
            for site in ["cross-site", "same-site"] {
                for (mode, destination) in [("cors", "empty"), ("no-cors", "image"), ("no-cors", "video"), ("navigate", "iframe")] {
                    let reply = try server.get(path, headers: ["Sec-Fetch-Site": site, "Sec-Fetch-Mode": mode, "Sec-Fetch-Dest": destination])
                    #expect(reply.status == 403, "\(path) \(site) \(mode) \(destination): \(reply.status)")
                }
            }
            if path != "/api/v1/events" {
                for site in ["same-origin", "none"] {
                    #expect(try server.get(path, headers: ["Sec-Fetch-Site": site, "Sec-Fetch-Mode": "cors"]).status == 200, "\(path) \(site)")
                }
                #expect(try server.get(path).status == 200, "\(path) without Fetch Metadata")
            }
            // A link from another site opens the page, and nothing else.
            let followed = try server.get(path, headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"])
            #expect(followed.status == 403, "\(path)")
        }
        let page = try server.get("/", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"])
        #expect(page.status == 200)
        #expect(try server.get("/", headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "iframe"]).status == 403)
    }

    /// 1,000 idle connections: the server still answers a new one. (In this serialized suite, beside the
    /// descriptor test's 350, not at the same time: with ~1,350 descriptors open, Foundation's `Process.run`
    /// in another test reads past a full `/proc/self/fd` buffer, copying each name as 256 bytes, and crashes.)
    @Test func idleConnectionsLeaveRoomForANewOne() throws {
        let library = try ServedLibrary()
        let idle = try (0..<1000).map { _ in try library.server.connect() }
        #expect(try library.server.get("/healthz").text == "ok\n")
        _ = idle
    }

    /// Holds `count` connections to `server` (as many as connect within 2 s each), then closes them.
    ///
    /// The test process's own soft descriptor limit is raised to its hard limit first, so that the held
    /// connections, beside other suites' pipes and processes, never run this process out of descriptors.
    static func hold(_ count: Int, _ server: ServerProcess) -> Int {
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        }
        var held: [HTTPConnection] = []
        for _ in 0..<count {
            guard let connection = try? HTTPConnection(port: server.port, timeout: 2) else { break }
            try? connection.send(Array("GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            held.append(connection)
        }
        return held.count
    }

    @Test(arguments: [[], ["--max-connections", "100000"]])
    func runningOutOfDescriptorsNeverKillsTheServer(_ extra: [String]) throws {
        let folder = try TemporaryFolder("photogrid-descriptors")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        // Soft and hard limit 256, as `prlimit --nofile=256:256` sets them.
        let server = try ServerProcess(["photos", "--db", "library.sqlite"] + extra, in: folder.url, shell: "ulimit -n 256")
        _ = try server.wait(for: "/api/v1/stats") { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        for _ in 0..<3 {
            // Past the 256 descriptors, within what the listen backlog queues (a connect past that would wait
            // for the kernel's retries).
            _ = Self.hold(350, server)
            #expect(server.process.isRunning)
        }
        let health = try server.wait(for: "/healthz", timeout: 20) { $0.status == 200 }
        #expect(health.text == "ok\n")
        let thumbnail = try server.get("/api/v1/layout?width=393").json()
        #expect((thumbnail["cells"] as? [Any])?.isEmpty == false)
        #expect(server.process.isRunning)
        if extra.isEmpty { #expect(server.standardError.contains("connections are open (the limit, --max-connections)")) }
    }

    @Test func wrongTokensAreCountedPerAddressAndNeverLockTheRightOneOut() throws {
        let token = "right-token-1234"
        let library = try ServedLibrary(["--token", token])
        let server = library.server
        // 4 threads guessing from 127.0.0.1 for a second: that touches at most three seconds of the clock,
        // so at most 3 × 20 guesses are answered 401 (docs/serve.md, "Limits": 20 a second), the rest 429.
        let deadline = Date(timeIntervalSinceNow: 1)
        let port = server.port
        let statuses = LockedStatuses()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            while Date() < deadline {
                if let reply = try? HTTPConnection(port: port).get("/api/v1/stats", headers: ["Authorization": "Bearer guess"]) {
                    statuses.add(reply.status)
                }
            }
        }
        let counted = statuses.counts
        #expect(counted[401, default: 0] <= 60, "\(counted)")
        #expect(counted[429, default: 0] > 0, "\(counted)")
        #expect(Set(counted.keys).isSubset(of: [401, 429]), "\(counted)")
        // Another address is not charged for them.
        let other = try HTTPConnection(port: server.port, source: "127.0.0.2")
        #expect(try other.get("/?token=" + token).status == 303)
        sleep(2)
        // Right tokens are never charged: 100 in a row, the scheme in any case.
        for k in 0..<100 {
            let scheme = ["Bearer", "bearer", "BEARER"][k % 3]
            #expect(try server.get("/api/v1/stats", headers: ["Authorization": "\(scheme) \(token)"]).status == 200)
        }
        #expect(try server.get("/api/v1/stats", headers: ["Authorization": "Basic \(token)"]).status == 401)
    }

    @Test func eachSignInIsASessionOfItsOwnAndCanEnd() throws {
        let token = "session-token-5678"
        let library = try ServedLibrary(["--token", token])
        let server = library.server
        func signIn() throws -> String {
            let reply = try server.get("/?token=" + token)
            #expect(reply.status == 303)
            let cookie = reply.headers["set-cookie"] ?? ""
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            return String(cookie.split(separator: ";")[0])
        }
        let first = try signIn(), second = try signIn()
        #expect(first != second)
        #expect(try server.get("/api/v1/stats", headers: ["Cookie": first]).status == 200)
        let logout = try server.connect().get("/api/v1/logout", headers: ["Cookie": first], method: "POST")
        #expect(logout.status == 204)
        #expect(logout.headers["set-cookie"]?.contains("Max-Age=0") == true)
        #expect(try server.get("/api/v1/stats", headers: ["Cookie": first]).status == 401)
        #expect(try server.get("/api/v1/stats", headers: ["Cookie": second]).status == 200)
        #expect(try server.connect().get("/api/v1/logout", headers: ["Cookie": second]).status == 405)
        // With a token every answer is private to the browser: thumbnails too.
        let layout = try server.get("/api/v1/layout?width=393", headers: ["Cookie": second]).json()
        let thumbnail = "/" + (((layout["cells"] as? [[String: Any]])?.first?["thumbnail"] as? String) ?? "")
        for _ in 0..<2 {  // made, then kept in memory
            let reply = try server.get(thumbnail, headers: ["Cookie": second])
            #expect(reply.status == 200)
            #expect(reply.headers["cache-control"] == "private, max-age=31536000, immutable")
        }
        #expect(try server.get("/", headers: ["Cookie": second]).headers["cache-control"]?.hasPrefix("private") == true)
    }

    @Test func aTokenFileOthersCanReadIsWarnedAbout() throws {
        let folder = try TemporaryFolder("photogrid-token-file")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        let file = folder.url.appendingPathComponent("token")
        try Data("file-token-90\n".utf8).write(to: file)
        chmod(file.path, 0o644)
        let open = try ServerProcess(["photos", "--db", "library.sqlite", "--token-file", file.path], in: folder.url)
        usleep(200_000)
        #expect(open.standardError.contains("warning: the token file \(file.path) can be read by other users (chmod 600"))
        _ = open.stop()
        chmod(file.path, 0o600)
        let closed = try ServerProcess(["photos", "--db", "library.sqlite", "--token-file", file.path], in: folder.url)
        usleep(200_000)
        #expect(!closed.standardError.contains("token file"))
    }

    @Test func healthSaysOnlyOkWithoutAToken() throws {
        let token = "health-token"
        let library = try ServedLibrary(["--token", token])
        let health = try library.server.get("/healthz")
        #expect(health.status == 200)
        #expect(health.text == "ok\n")
    }

    @Test func anAbsoluteTargetNamingThisServerIsAnswered() throws {
        let library = try ServedLibrary()
        let server = library.server
        let connection = try server.connect()
        try connection.send(Array("GET http://127.0.0.1:\(server.port)/healthz HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8))
        let own = try connection.readReply()
        #expect(own.status == 200)
        #expect(own.text == "ok\n")
        let other = try server.connect()
        try other.send(Array("GET http://photos.example.org/healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        #expect(try other.readReply().status == 400)
    }

    @Test func twoLibrariesInOneFolderAreServedWithTheirOwnThumbnailFolders() throws {
        let folder = try TemporaryFolder("photogrid-two-libraries")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        let a = try ServerProcess(["photos", "--db", "a.sqlite"], in: folder.url)
        _ = try a.wait(for: "/api/v1/stats") { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        let b = try ServerProcess(["photos", "--db", "b.sqlite", "--out", "b-thumbnails"], in: folder.url)
        _ = try b.wait(for: "/api/v1/stats") { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        for server in [a, b] {
            let layout = try server.get("/api/v1/layout?width=393").json()
            let thumbnail = "/" + (((layout["cells"] as? [[String: Any]])?.first?["thumbnail"] as? String) ?? "")
            #expect(try server.get(thumbnail).status == 200)
        }
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("b-thumbnails").path))
        // A third library beside them, on a's folder by default: 409, and the message names no path.
        let c = try ServerProcess(["photos", "--db", "c.sqlite"], in: folder.url)
        _ = try c.wait(for: "/api/v1/stats") { ((try? $0.json())?["indexing"] as? [String: Any])?["phase"] as? String == "done" }
        let cells = try #require(try c.get("/api/v1/layout?width=393").json()["cells"] as? [[String: Any]])
        let refused = try c.get("/" + (try #require(cells.first?["thumbnail"] as? String)))
        #expect(refused.status == 409)
        let message = try #require(refused.errorMessage)
        #expect(message.hasPrefix("the thumbnail folder holds the thumbnails of another library") && !message.contains(folder.url.path), "\(message)")
    }

    /// Event streams are long-lived: at most a quarter of the connections hold one (4 of 16 here), a new
    /// one ending the oldest (its client reconnects), so streams never keep every other client out.
    @Test func eventStreamsNeverHoldEveryConnection() throws {
        let library = try ServedLibrary(["--max-connections", "16"])
        let server = library.server
        var streams: [HTTPConnection] = []
        for _ in 0..<5 {
            let connection = try server.connect()
            try connection.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            #expect(String(decoding: connection.readAvailable(for: 1), as: UTF8.self).contains(": photogrid events"))
            streams.append(connection)
        }
        // The oldest ended when the fifth came: its body's last chunk, then the connection idle.
        #expect(String(decoding: streams[0].readAvailable(for: 2), as: UTF8.self).hasSuffix("0\r\n\r\n"))
        for stream in streams.dropFirst() { #expect(!String(decoding: stream.readAvailable(for: 0.5), as: UTF8.self).contains("0\r\n\r\n")) }
        #expect(try server.get("/healthz").status == 200)
    }

    /// A body is refused at its head (413) and not read on: the connection closes after the answer, so a
    /// client cannot hold it by sending the body a byte at a time.
    @Test func aRefusedBodyClosesItsConnection() throws {
        let library = try ServedLibrary()
        let connection = try library.server.connect()
        try connection.send(Array("GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000000\r\n\r\nabc".utf8))
        let reply = try connection.readReply()
        #expect(reply.status == 413 && reply.headers["connection"] == "close", "\(reply.status) \(reply.headers)")
        #expect(connection.isClosed(within: 3))
    }

    /// A photo deleted since it was indexed: 409 for its thumbnails and placeholder, as for media; nothing
    /// is made, and no failure is recorded (`sqlite3` reads the records).
    @Test func aPhotoDeletedSinceIndexingIsRefusedAndNothingIsRecorded() throws {
        let sqlite3 = try #require(ExternalTool("sqlite3"))
        let library = try ServedLibrary()
        guard let (path, thumbnail) = try Self.firstJPEGCell(library.server) else {
            Issue.record("no JPEG cell")
            return
        }
        try FileManager.default.removeItem(at: library.photos.appendingPathComponent(path))
        try Self.expectRefused(thumbnail, variants: ["grid-256", "detail-640"], library)
        let failures = String(decoding: try sqlite3.run([library.database, "SELECT count(*) FROM thumbnails WHERE status = 'error'"]), as: UTF8.self)
        #expect(failures.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// The path and thumbnail URL of the first plain JPEG cell the layout API lists.
    static func firstJPEGCell(_ server: ServerProcess) throws -> (path: String, thumbnail: String)? {
        let layout = try server.get("/api/v1/layout?width=393&all=true").json()
        let cells = (layout["cells"] as? [[String: Any]]) ?? []
        guard let cell = cells.first(where: { ($0["path"] as? String)?.hasSuffix(".jpg") == true && $0["media"] == nil }),
              let path = cell["path"] as? String, let thumbnail = cell["thumbnail"] as? String else { return nil }
        return (path, thumbnail)
    }

    @Test func aPhotoSwappedForALinkIsRefusedAndNothingIsMadeFromIt() throws {
        let library = try ServedLibrary()
        guard let (path, thumbnail) = try Self.firstJPEGCell(library.server) else {
            Issue.record("no JPEG cell")
            return
        }
        // An outside file with the photo's own size and time, linked in its place.
        let photo = library.photos.appendingPathComponent(path)
        let outside = library.folder.url.appendingPathComponent("outside.jpg")
        let original = try Data(contentsOf: photo)
        var other = try Data(contentsOf: Repository.sampleImages.appendingPathComponent("sunset.jpg"))
        other = other.count >= original.count ? other.prefix(original.count) : other + Data(count: original.count - other.count)
        try other.write(to: outside)
        let attributes = try FileManager.default.attributesOfItem(atPath: photo.path)
        try FileManager.default.setAttributes([.modificationDate: attributes[.modificationDate]!], ofItemAtPath: outside.path)
        try FileManager.default.removeItem(at: photo)
        try FileManager.default.createSymbolicLink(at: photo, withDestinationURL: outside)
        try Self.expectRefused(thumbnail, variants: ["grid-128", "grid-768", "detail-640"], library)
    }

    /// The same file name, size and modification time, other bytes (written in place, its time put back):
    /// not the indexed file — its content key's digest differs — so 409 and nothing made from it, for
    /// thumbnails and placeholders (the CLI's `thumbs` records the same refusal).
    @Test func aPhotoRewrittenWithItsSizeAndTimeKeptIsRefused() throws {
        let library = try ServedLibrary()
        guard let (path, thumbnail) = try Self.firstJPEGCell(library.server) else {
            Issue.record("no JPEG cell")
            return
        }
        let photo = library.photos.appendingPathComponent(path)
        var status = stat()
        #expect(stat(photo.path, &status) == 0)
        var bytes = try Data(contentsOf: photo)
        // A byte of the head flipped (inside the first segment: the file still reads as a JPEG), written in
        // place, and its modification time put back to the nanosecond.
        bytes[bytes.count > 600 ? 600 : bytes.count / 2] ^= 0x5A
        let handle = try FileHandle(forWritingTo: photo)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, photo.path, &times, 0) == 0)
        var after = stat()
        #expect(stat(photo.path, &after) == 0 && after.st_mtim.tv_nsec == status.st_mtim.tv_nsec && after.st_size == status.st_size)
        try Self.expectRefused(thumbnail, variants: ["grid-387", "detail-640"], library)
    }

    /// The cell's thumbnails of `variants` and its placeholder are 409, and no file of it was made.
    static func expectRefused(_ thumbnail: String, variants: [String], _ library: ServedLibrary) throws {
        let stem = String(thumbnail.split(separator: "/").last!.dropLast(4))
        for variant in variants {
            let reply = try library.server.get("/api/v1/thumbnails/\(variant)/\(stem).jpg")
            #expect(reply.status == 409, "\(variant): \(reply.status) \(reply.text.prefix(200))")
        }
        #expect(try library.server.get("/api/v1/placeholders/\(stem).jpg").status == 409)
        let made = (try? FileManager.default.subpathsOfDirectory(atPath: library.folder.url.appendingPathComponent("thumbnails").path)) ?? []
        #expect(!made.contains { $0.contains(stem) }, "\(made.filter { $0.contains(stem) })")
    }

    /// A full disk costs one answer: 507 while no thumbnail can be stored, and thumbnails again once
    /// there is room (a tmpfs of 1 MiB holds the thumbnail folder; root only).
    @Test func aFullDiskIs507AndTheServerRecoversWhenSpaceReturns() throws {
        guard let disk = try SmallFileSystem.make(bytes: 1 << 20) else {
            print("aFullDiskIs507AndTheServerRecoversWhenSpaceReturns skipped: cannot mount a tmpfs here (needs root)")
            return
        }
        defer { disk.unmount() }
        let library = try ServedLibrary(["--out", disk.path + "/thumbnails"])
        let server = library.server
        let layout = try server.get("/api/v1/layout?width=393&all=true").json()
        let thumbnails = ((layout["cells"] as? [[String: Any]]) ?? []).compactMap { $0["thumbnail"] as? String }
        #expect(thumbnails.count >= 20)
        #expect(try server.get("/" + thumbnails[0]).status == 200)
        let filler = disk.path + "/filler"
        try Data(count: max(0, disk.freeBytes)).write(to: URL(fileURLWithPath: filler))
        let full = try server.get("/" + thumbnails[1])
        #expect(full.status == 507, "\(full.status) \(full.text.prefix(200))")
        #expect(full.errorMessage?.contains(disk.path) == false)
        try FileManager.default.removeItem(atPath: filler)
        #expect(try server.get("/" + thumbnails[1]).status == 200)
        #expect(try server.get("/" + thumbnails[2]).status == 200)
    }

    /// Clients that hold connections without finishing a request cannot keep new ones out: at 90 % of
    /// the connection limit, a connection with nothing in progress for 5 s is closed (the idle timeout
    /// is 75 s otherwise).
    @Test func slowClientsAtTheConnectionLimitDoNotLockOutNewOnes() throws {
        let library = try ServedLibrary(["--max-connections", "20"])
        let server = library.server
        let slow = try (0..<20).map { _ in try HTTPConnection(port: server.port) }
        for connection in slow { try connection.send(Array("GET /api/v1/st".utf8)) }  // a head never finished
        let started = Date()
        let fresh = try HTTPConnection(port: server.port, timeout: 15).get("/healthz")
        #expect(fresh.status == 200)
        #expect(Date().timeIntervalSince(started) < 12)
        #expect(server.standardError.contains("20 connections are open (the limit, --max-connections)"))
        _ = slow
    }

    /// An event loop writes only small answers from memory (at most 1,000 cells): a larger one — 9,000
    /// cells, ~3 MB — is written on a reader thread, so it holds no other connection of that loop.
    @Test func largeAnswersAreWrittenOffTheEventLoops() throws {
        let (folder, server) = try Self.rowsLibrary(20_001, ["--log-level", "info"])
        defer { withExtendedLifetime(folder) {} }  // its stderr file is in the folder
        _ = try server.wait(for: "/api/v1/stats") { (try? $0.json())?["ok"] as? Int == 20_001 }
        for query in ["width=393&height=396000&offset=0", "width=393&height=396000&offset=132", "width=393&height=759&offset=0", "width=393&height=759&offset=132"] {
            let reply = try server.get("/api/v1/layout?" + query)
            #expect(reply.status == 200, "\(query): \(reply.text.prefix(200))")
        }
        usleep(200_000)
        let logged = server.standardError.split(separator: "\n").filter { $0.contains("GET /api/v1/layout") }.suffix(4)
        #expect(logged.map { $0.contains("(from memory)") } == [false, false, true, true], "\(logged) \(server.standardError.suffix(600))")
    }
}

/// Statuses tallied from several threads at once.
private final class LockedStatuses: @unchecked Sendable {
    private let lock = NSLock()
    private var tally: [Int: Int] = [:]
    func add(_ status: Int) { lock.withLock { tally[status, default: 0] += 1 } }
    var counts: [Int: Int] { lock.withLock { tally } }
}
