import Foundation
import Testing
import TestSupport

/// The rules every request passes before any route (docs/serve.md, "Security"), over real HTTP against the
/// built binary: the `Host` check that stops DNS rebinding, on the router's routes and on the answers
/// from memory alike; HEAD on every GET route; HTTP/1.0 and `Connection: close`; a deadline for headers;
/// the token as a cookie for a browser, from `--token-file` or `PHOTOGRID_TOKEN`; a busy port.
@Suite(.serialized) struct ServedAccessTests {
    /// Routes of every kind: answers from memory (a visible-range layout, a thumbnail kept in memory once
    /// served), database reads, files compiled in, the event stream, the health check, no route.
    static func routes(_ library: ServedLibrary, headers: [String: String] = [:]) throws -> [String] {
        let layout = try library.server.get("/api/v1/layout?width=393&height=300", headers: headers)
        let cells = try #require(try layout.json()["cells"] as? [[String: Any]])
        let thumbnail = "/" + (try #require(cells.first?["thumbnail"] as? String))
        #expect(try library.server.get(thumbnail, headers: headers).status == 200)
        return ["/api/v1/layout?width=393&height=300", thumbnail, "/api/v1/stats", "/api/v1/detail/0?width=393",
                "/api/v1/photos", "/api/v1/events", "/api/v1/openapi.json", "/web/gallery.js", "/", "/healthz", "/no/such/route"]
    }

    @Test func aForeignHostIsRefusedBeforeAnyRoute() throws {
        let library = try ServedLibrary()
        let server = library.server
        let port = server.port
        for path in try Self.routes(library) {
            // A page that rebound its own name to 127.0.0.1: the browser sends its name.
            for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example:\(port)", "localhost.evil.example",
                         "192.168.1.7:\(port)", "localhost:\(port)@evil.example", "[::2]:\(port)"] {
                let reply = try server.get(path, headers: ["Host": host])
                #expect(reply.status == 421, "\(host) \(path): \(reply.status)")
                #expect(reply.errorMessage?.hasPrefix("this server does not answer for the host") == true, "\(host) \(path)")
            }
            if path != "/api/v1/events" {
                for host in ["127.0.0.1", "127.0.0.1:\(port)", "localhost", "LocalHost:\(port)", "localhost.:\(port)", "[::1]:\(port)"] {
                    let reply = try server.get(path, headers: ["Host": host])
                    #expect(reply.status == (path == "/no/such/route" ? 404 : 200), "\(host) \(path): \(reply.status)")
                }
            }
        }
    }

    @Test func aMissingOrRepeatedHostIsABadRequest() throws {
        let library = try ServedLibrary()
        for path in try Self.routes(library) where path != "/api/v1/events" {
            for head in ["GET \(path) HTTP/1.1\r\n\r\n", "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: 127.0.0.1\r\n\r\n",
                         "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n"] {
                let connection = try library.server.connect()
                try connection.send(Array(head.utf8))
                let reply = try connection.readReply()
                #expect(reply.status == 400, "\(head.debugDescription): \(reply.status)")
            }
        }
    }

    @Test func allowHostAddsNames() throws {
        let library = try ServedLibrary(["--allow-host", "photos.home.arpa"])
        let port = library.server.port
        #expect(try library.server.get("/api/v1/stats", headers: ["Host": "photos.home.arpa:\(port)"]).status == 200)
        #expect(try library.server.get("/api/v1/stats", headers: ["Host": "PHOTOS.home.arpa"]).status == 200)
        #expect(try library.server.get("/api/v1/stats", headers: ["Host": "localhost:\(port)"]).status == 200)
        #expect(try library.server.get("/api/v1/stats", headers: ["Host": "other.home.arpa:\(port)"]).status == 421)
        let bad = try PhotoGridBinary.run(["serve", "photos", "--allow-host", "a/b", "--port", "0"], in: library.folder.url)
        #expect(bad.status == 64)
        #expect(bad.stderr == "photogrid: error: --allow-host: 'a/b' is not a host name (give a name such as photos.example.org, or an address)\n")
    }

    @Test func headAnswersEveryGetRouteWithoutABody() throws {
        let library = try ServedLibrary()
        for path in try Self.routes(library) {
            let get = path == "/api/v1/events" ? nil : try library.server.get(path)
            let connection = try library.server.connect()
            let head = try connection.get(path, method: "HEAD")
            #expect(head.status == (get?.status ?? 200), "\(path): \(head.status)")
            #expect(head.body.isEmpty, "\(path)")
            #expect(head.headers["content-type"] == (get?.headers["content-type"] ?? "text/event-stream"), "\(path)")
            // The connection is still usable: nothing of a body was left on it.
            #expect(try connection.get("/healthz").text == "ok\n", "\(path)")
        }
    }

    /// Answers from memory and the router's answers to HEAD on one connection, one at a time and sent at
    /// once: each HEAD answer has no body whichever answered the request before it (a body would be read
    /// as the next answer's status line).
    @Test func headAfterAnswersFromMemoryHasNoBody() throws {
        let library = try ServedLibrary()
        let routes = try Self.routes(library).filter { $0 != "/api/v1/events" }
        let fromMemory = routes[0], thumbnail = routes[1]
        var sequence: [(method: String, path: String)] = []
        for path in routes { sequence += [("GET", fromMemory), ("HEAD", path), ("GET", thumbnail), ("HEAD", path), ("GET", path)] }
        let expected = try sequence.map { try library.server.get($0.path).status }
        let oneByOne = try library.server.connect()
        for ((method, path), status) in zip(sequence, expected) {
            let reply = try oneByOne.get(path, method: method)
            #expect(reply.status == status, "\(method) \(path)")
        }
        let pipelined = try library.server.connect()
        try pipelined.send(Array(sequence.map { "\($0.method) \($0.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined().utf8))
        for ((method, path), status) in zip(sequence, expected) {
            let reply = try pipelined.readReply(method: method)
            #expect(reply.status == status, "\(method) \(path)")
            if method == "GET", status == 200 { #expect(!reply.body.isEmpty, "\(path)") }
        }
        #expect(try pipelined.get("/healthz").text == "ok\n")
    }

    @Test func http10ClosesUnlessKeptAliveAndCloseIsHonoured() throws {
        let library = try ServedLibrary()
        for path in ["/healthz", "/api/v1/layout?width=393&height=300", "/api/v1/stats"] {
            for (request, closes) in [("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", true),
                                      ("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n", false),
                                      ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", true),
                                      ("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", false)] {
                let connection = try library.server.connect()
                try connection.send(Array(request.utf8))
                let reply = try connection.readReply()
                #expect(reply.status == 200, "\(request.debugDescription)")
                #expect(connection.isClosed(within: 1.5) == closes, "\(request.debugDescription)")
            }
        }
    }

    @Test func headersTrickledForeverAreCutAtTheIdleTimeout() throws {
        let library = try ServedLibrary(["--idle-timeout", "2"])
        let connection = try library.server.connect()
        let started = Date()
        try connection.send(Array("GET /api/v1/stats HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
        var closedAfter: Double?
        for index in 0..<20 {
            usleep(300_000)
            do { try connection.send(Array("X-Slow-\(index): a\r\n".utf8)) } catch { closedAfter = Date().timeIntervalSince(started); break }
            if connection.isClosed(within: 0) { closedAfter = Date().timeIntervalSince(started); break }
        }
        let seconds = try #require(closedAfter, "still open after 6 s of trickled headers")
        #expect(seconds >= 1.9 && seconds < 4, "\(seconds) s")
    }

    @Test func theTokenBecomesACookieForABrowser() throws {
        let token = "s3cret;token,with=odd\"chars"
        let folder = try TemporaryFolder("photogrid-token")
        let tokenFile = folder.url.appendingPathComponent("token.txt")
        try Data((token + "\n").utf8).write(to: tokenFile)
        let library = try ServedLibrary(["--token-file", tokenFile.path], authorization: token)
        let server = library.server
        // The page without a token: a sign-in form, no library.
        let page = try server.get("/")
        #expect(page.status == 401)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("<form method=\"get\" action=\"/\">"))
        #expect(!page.text.contains("photos"))
        // The wrong token: the form again, no cookie.
        let wrong = try server.get("/?token=nope")
        #expect(wrong.status == 401 && wrong.headers["set-cookie"] == nil)
        // The right one (percent-encoded in the address): a cookie, and the address without it.
        let encoded = try #require(token.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let exchange = try server.get("/?token=" + encoded)
        #expect(exchange.status == 303)
        #expect(exchange.headers["location"] == "/")
        let cookie = try #require(exchange.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"), "\(cookie)")
        let pair = String(cookie.prefix { $0 != ";" })
        #expect(pair.hasPrefix("photogrid_session=") && pair.count == "photogrid_session=".count + 64, "\(pair)")
        let hex = token.utf8.map { String($0, radix: 16) }.joined()
        #expect(!pair.contains(token) && !pair.contains(hex), "the cookie does not carry the token")
        // Another cookie of the same name first (set by another port's page of this host): any match will do.
        #expect(try server.get("/api/v1/stats", headers: ["Cookie": "photogrid_session=x; " + pair]).status == 200)
        for path in try Self.routes(library, headers: ["Cookie": "theme=dark; " + pair]) {
            let reply = try server.get(path == "/api/v1/events" ? "/healthz" : path, headers: ["Cookie": "theme=dark; " + pair])
            #expect(reply.status == (path == "/no/such/route" ? 404 : 200), "\(path): \(reply.status)")
            let forged = try server.get(path, headers: ["Cookie": pair + "00"])
            #expect(forged.status == (path == "/healthz" ? 200 : 401), "\(path): \(forged.status)")
        }
        // API clients keep the bearer header.
        #expect(try server.get("/api/v1/stats", headers: ["Authorization": "Bearer " + token]).status == 200)
        // The pages cannot be framed by another site's page.
        let page2 = try server.get("/", headers: ["Cookie": pair])
        #expect(page2.status == 200 && page2.headers["x-frame-options"] == "DENY"
                && page2.headers["content-security-policy"] == "frame-ancestors 'none'")
        // A page of another site cannot tell a right guess from a wrong one through the exchange.
        let crossSite = try server.get("/?token=" + encoded, headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(crossSite.status == 403 && crossSite.headers["set-cookie"] == nil)
        #expect(try server.get("/?token=" + encoded, headers: ["Sec-Fetch-Site": "none"]).status == 303)
    }

    @Test func wrongTokensAreThrottled() throws {
        let library = try ServedLibrary(["--token", "right-token"])
        usleep(1_100_000)  // a fresh second of the budget
        var statuses: [Int] = []
        let connection = try library.server.connect()
        for _ in 0..<30 { statuses.append(try connection.get("/api/v1/stats", headers: ["Authorization": "Bearer guess"]).status) }
        #expect(statuses.filter { $0 == 401 }.count >= 20 - 1 && statuses.contains(429), "\(statuses)")
        #expect(!statuses.contains(200))
        usleep(1_100_000)
        #expect(try library.server.get("/api/v1/stats", headers: ["Authorization": "Bearer right-token"]).status == 200)
    }

    /// RFC 9112 §3.2.2: an absolute-form target is accepted when it names this server (as
    /// `ServedHostileRequestTests` checks); one naming another host is refused before any route.
    @Test func anAbsoluteFormTargetNamingAnotherHostIsABadRequest() throws {
        let library = try ServedLibrary()
        for target in ["http://evil.example/api/v1/stats", "http://evil.example/api/v1/layout?width=393&height=300", "http://127.0.0.1.evil.example/healthz", "*"] {
            let connection = try library.server.connect()
            try connection.send(Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            let reply = try connection.readReply()
            #expect(reply.status == 400, "\(target): \(reply.status)")
        }
    }

    @Test func theTokenComesFromTheEnvironmentOrAFileButNotBoth() throws {
        let folder = try TemporaryFolder("photogrid-token")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        let server = try ServerProcess(["photos", "--db", "l.sqlite"], in: folder.url, environment: ["PHOTOGRID_TOKEN": "from-env"])
        #expect(try server.get("/api/v1/stats").status == 401)
        #expect(try server.get("/api/v1/stats", headers: ["Authorization": "Bearer from-env"]).status == 200)
        _ = server.stop()
        try Data("x\n".utf8).write(to: folder.url.appendingPathComponent("t"))
        let both = try PhotoGridBinary.run(["serve", "photos", "--db", "m.sqlite", "--token", "a", "--token-file", "t", "--port", "0"], in: folder.url)
        #expect(both.status == 64)
        #expect(both.stderr == "photogrid: error: give the token once: --token or --token-file\n")
        let missing = try PhotoGridBinary.run(["serve", "photos", "--db", "m.sqlite", "--token-file", "nothing", "--port", "0"], in: folder.url)
        #expect(missing.status == 64)
        #expect(missing.stderr == "photogrid: error: --token-file: cannot read nothing: No such file or directory\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("m.sqlite").path), "nothing written")
    }

    @Test func aBusyPortIsSaidAtOnceAndLeavesNothing() throws {
        let library = try ServedLibrary()
        let started = Date()
        let busy = try PhotoGridBinary.run(["serve", "photos", "--db", "new.sqlite", "--port", String(library.server.port)],
                                           in: library.folder.url)
        #expect(busy.status == 1)
        #expect(busy.stderr == "photogrid: error: cannot listen on 127.0.0.1:\(library.server.port): Address already in use (another server listens there: stop it, or choose another --port)\n")
        #expect(Date().timeIntervalSince(started) < 5)
        let names = try FileManager.default.contentsOfDirectory(atPath: library.folder.url.path)
        #expect(!names.contains { $0.hasPrefix("new.sqlite") }, "\(names)")
    }
}
