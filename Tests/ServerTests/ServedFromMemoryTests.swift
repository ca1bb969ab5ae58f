import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The answers the server writes straight from memory, in the connection's pipeline (a window of the
/// grid in memory, a thumbnail kept in memory): the router's answers to the same requests, in the
/// order they were asked, logged as the router logs them.
@Suite(.serialized) struct ServedFromMemoryTests {
    /// Lines of the server's log that say a request was answered from memory.
    static func fromMemory(_ server: ServerProcess) -> [Substring] {
        server.standardError.split(separator: "\n").filter { $0.hasSuffix(" (from memory)") }
    }

    @Test func answersFromMemoryAreTheRoutersAnswers() throws {
        let library = try ServedLibrary(["--log-level", "info"])
        let server = library.server
        // A thumbnail to keep in memory: the router makes it on this first request.
        let cells = try server.get("/api/v1/layout?width=393&height=10").json()["cells"] as? [[String: Any]] ?? []
        let thumbnail = "/" + (try #require(cells.first?["thumbnail"] as? String))
        let made = try server.get(thumbnail)
        #expect(made.status == 200)
        let etag = try #require(made.headers["etag"])
        let before = Self.fromMemory(server).count

        let asked: [(path: String, headers: [String: String], status: Int)] = [
            ("/api/v1/layout?width=393", [:], 200),
            ("/api/v1/layout?width=393&offset=700&scale=2", [:], 200),
            ("/api/v1/layout?width=1024&height=700&offset=100&columns=adaptive:80", [:], 200),
            ("/api/v1/layout?offset=10&width=393", [:], 200),
            (thumbnail, [:], 200),
            (thumbnail, ["If-None-Match": etag], 304),
        ]
        let connection = try server.connect()
        for request in asked {
            let memory = try connection.get(request.path, headers: request.headers)
            // A `Connection` header takes the request past the memory answers to the router.
            let router = try connection.get(request.path, headers: request.headers.merging(["Connection": "keep-alive"]) { a, _ in a })
            #expect(memory.status == request.status, "\(request.path)")
            #expect(router.status == request.status, "\(request.path)")
            #expect(memory.body == router.body, "\(request.path)")
            #expect(memory.headers.filter { $0.key != "date" } == router.headers.filter { $0.key != "date" }, "\(request.path)")
            let date = try #require(memory.headers["date"])
            let parsed = try #require(Self.httpDate.date(from: date), "Date: \(date)")
            #expect(abs(parsed.timeIntervalSinceNow) < 5, "Date: \(date)")
        }
        let lines = Self.fromMemory(server)
        #expect(lines.count - before == asked.count, "\(lines.suffix(asked.count))")
        #expect(lines.last?.contains("GET /api/v1/thumbnails/") == true && lines.last?.contains(" 304 ") == true)

        // What memory does not hold goes to the router: all cells, sections, a bad value.
        for path in ["/api/v1/layout?width=393&all=true", "/api/v1/layout?width=393&group=day", "/api/v1/layout?width=-1"] {
            _ = try connection.get(path)
        }
        #expect(Self.fromMemory(server).count == lines.count)
        #expect(try connection.get("/api/v1/layout?width=-1").errorMessage == "width must be a number from 0.001 to 1,000,000 (got -1.0)")
    }

    @Test func pipelinedRequestsAreAnsweredInTheOrderAsked() throws {
        let library = try ServedLibrary()
        let connection = try library.server.connect()
        // One write: the router's requests (read on a worker thread) between ones memory could answer
        // at once.
        let paths = ["/api/v1/stats", "/api/v1/layout?width=393&height=10", "/api/v1/photos?limit=2",
                     "/api/v1/layout?width=393&height=10&offset=1000", "/healthz", "/api/v1/layout?width=393&height=10&offset=2000"]
        try connection.send(Array(paths.map { "GET \($0) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined().utf8))
        let replies = try paths.map { _ in try connection.readReply() }
        #expect(replies.map(\.status) == Array(repeating: 200, count: paths.count))
        #expect(try replies[0].json()["ok"] as? Int == SamplePhotos.facts.count)
        #expect(Self.offset(try replies[1].json()) == 0)
        #expect((try replies[2].json()["photos"] as? [Any])?.count == 2)
        #expect(Self.offset(try replies[3].json()) == 1000)
        #expect(replies[4].text == "ok\n")
        #expect(Self.offset(try replies[5].json()) == 2000)
    }

    @Test func aShutdownClosesAConnectionAnsweredFromMemory() throws {
        let library = try ServedLibrary()
        let connection = try library.server.connect()
        for offset in [0, 400, 800] {
            #expect(try connection.get("/api/v1/layout?width=393&offset=\(offset)").status == 200)
        }
        #expect(library.server.stop(SIGTERM) == 0)
        #expect(connection.isClosed(within: 5))
    }

    @Test func anIdleConnectionIsClosedAndABusyOneIsNot() throws {
        let library = try ServedLibrary(["--idle-timeout", "2"])
        let busy = try library.server.connect()
        let silent = try library.server.connect()
        let streaming = try library.server.connect()
        try streaming.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        // Answers from memory every 0.4 s for 4 s, twice the timeout: the connection stays open.
        let started = Date()
        var offset = 0
        while Date().timeIntervalSince(started) < 4 {
            #expect(try busy.get("/api/v1/layout?width=393&offset=\(offset)").status == 200)
            offset += 132
            usleep(400_000)
        }
        #expect(silent.isClosed(within: 0.1), "a connection that sent nothing for 4 s is closed")
        #expect(!streaming.isClosed(within: 0.1), "an event stream is a response in progress")
        #expect(busy.isClosed(within: 4), "idle after its last answer, closed within the timeout")
        #expect(try library.server.get("/healthz").status == 200)
    }

    @Test func http10AndClosingRequestsAreTheRoutersAndAnswered() throws {
        let library = try ServedLibrary(["--log-level", "info"])
        let old = try library.server.connect()
        try old.send(Array("GET /api/v1/layout?width=393 HTTP/1.0\r\n\r\n".utf8))
        let reply = try old.readReply()
        #expect(reply.status == 200)
        #expect((try reply.json()["cells"] as? [Any])?.isEmpty == false)
        let closing = try library.server.connect()
        #expect(try closing.get("/api/v1/layout?width=393", headers: ["Connection": "close"]).status == 200)
        #expect(closing.isClosed(within: 2))
        #expect(Self.fromMemory(library.server).isEmpty, "neither is answered from memory")
    }

    /// A layout document's scroll offset.
    static func offset(_ document: [String: Any]) -> Double? {
        (document["viewport"] as? [String: Any])?["offset"] as? Double
    }

    /// RFC 9110's IMF-fixdate.
    static let httpDate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()
}
