import Foundation
@testable import PhotoGrid
@testable import PhotoGridServer
import Testing
import TestSupport

/// The answers from memory (`ImmediateAnswerHandler` in a connection's pipeline) and the router, in this
/// process: the same bytes for the same question, the same rules before either, and everything the
/// memory path does not answer passed to the router unchanged and in order.
@Suite(.serialized) struct AnswersFromMemoryTests {
    @Test("a visible-range layout is the router's document, byte for byte, at any offset")
    func layoutIsTheRoutersDocument() async throws {
        let server = try await InProcessServer()
        for target in ["/api/v1/layout?width=393&height=852", "/api/v1/layout?width=393&height=852&offset=100",
                       "/api/v1/layout?width=393&height=852&offset=100.5", "/api/v1/layout?width=1280&height=800&scale=2&columns=adaptive:160/2"] {
            let memory = try server.fromMemory([target])
            #expect(memory.passedOn.isEmpty, "\(target)")
            let answer = try #require(memory.answers.first)
            let routed = try await server.respond(target)
            #expect(answer.status == 200 && routed.status == 200)
            #expect(answer.body == routed.body, "\(target)")
            #expect(answer.header("Content-Type") == routed.header("Content-Type"))
            #expect(answer.header("Cache-Control") == routed.header("Cache-Control"))
            #expect(answer.header("Content-Length") == String(routed.body.count))
            #expect(answer.header("Date")?.hasSuffix(" GMT") == true)
        }
    }

    @Test("what the memory path does not answer goes to the router, which answers it")
    func theRestGoesToTheRouter() async throws {
        let server = try await InProcessServer()
        let cases: [(target: String, headers: [(String, String)], status: Int)] = [
            ("/api/v1/layout?width=393&all=true", [("Host", "127.0.0.1")], 200),       // every cell: the route's
            ("/api/v1/layout?width=393&group=day", [("Host", "127.0.0.1")], 200),      // sections: the route's
            ("/api/v1/layout?width=0", [("Host", "127.0.0.1")], 400),                   // a bad value: the route's 400
            ("/api/v1/layout?width=393", [("Host", "evil.example")], 421),              // the shared Host rule
            ("/api/v1/layout?width=393", [("Host", "127.0.0.1"), ("Connection", "close")], 200),
            ("/api/v1/stats", [("Host", "127.0.0.1")], 200),                            // not a memory route
        ]
        for (target, headers, status) in cases {
            let memory = try server.fromMemory([target], headers: headers)
            #expect(memory.answers.isEmpty && memory.passedOn == [target], "\(target) \(headers)")
            #expect(try await server.respond(target, headers: headers).status == status, "\(target) \(headers)")
        }
        // Pipelined: after a request the router has, the next waits its turn there too (order kept).
        let both = try server.fromMemory(["/api/v1/layout?width=393&all=true", "/api/v1/layout?width=393&height=852"])
        #expect(both.answers.isEmpty && both.passedOn.count == 2)
    }

    @Test("with a token, the memory path answers only what the router would let through")
    func theTokenGuardsBoth() async throws {
        let server = try await InProcessServer { $0.token = "s3cret-token" }
        let target = "/api/v1/layout?width=393&height=852"
        let without = try server.fromMemory([target])
        #expect(without.answers.isEmpty && without.passedOn == [target])
        #expect(try await server.respond(target).status == 401)
        let wrong = try server.fromMemory([target], headers: [("Host", "127.0.0.1"), ("Authorization", "Bearer nope")])
        #expect(wrong.answers.isEmpty)
        let bearer = [("Host", "127.0.0.1"), ("Authorization", "Bearer s3cret-token")]
        let with = try server.fromMemory([target], headers: bearer)
        #expect(with.passedOn.isEmpty && with.answers.first?.status == 200)
        let routed = try await server.respond(target, headers: bearer)
        #expect(routed.body == with.answers.first?.body)
        #expect(with.answers.first?.header("Cache-Control") == "private, no-store")
        #expect(routed.header("Cache-Control") == "private, no-store")
        // The open route needs no token on the router either.
        #expect(try await server.respond("/healthz").status == 200)
    }

    @Test("a thumbnail the router made is answered from memory with the same bytes and validators")
    func thumbnailFromMemory() async throws {
        let server = try await InProcessServer()
        let layout = try await server.respond("/api/v1/layout?width=393&height=852")
        let cells = try #require((try JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any])?["cells"] as? [[String: Any]])
        let target = "/" + (try #require(cells.first?["thumbnail"] as? String))
        // Not made yet: the router's.
        #expect(try server.fromMemory([target]).passedOn == [target])
        let made = try await server.respond(target)
        #expect(made.status == 200 && made.body.starts(with: [0xFF, 0xD8]))
        let memory = try server.fromMemory([target])
        #expect(memory.passedOn.isEmpty)
        let answer = try #require(memory.answers.first)
        #expect(answer.status == 200 && answer.body == made.body && answer.header("ETag") == made.header("ETag"))
        // A list of tags with the right one among them is not modified, on both paths.
        let tag = try #require(made.header("ETag"))
        let conditional = [("Host", "127.0.0.1"), ("If-None-Match", "\"other\", \(tag)")]
        let notModified = try #require(try server.fromMemory([target], headers: conditional).answers.first)
        #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.header("Content-Length") == nil)
        #expect(notModified.header("ETag") == tag)
        #expect(try await server.respond(target, headers: conditional).status == 304)
        // A query makes it the router's (which refuses a parameter the route does not take).
        #expect(try server.fromMemory([target + "?x=1"]).passedOn == [target + "?x=1"])
        #expect(try await server.respond(target + "?x=1").status == 400)
    }

    @Test("requests for one thumbnail are one make: ten at once fit a queue of two")
    func oneMakePerThumbnail() async throws {
        // jobs 1 + a queue of 1: a third thumbnail in flight is a 503, so ten makes of one name would be refused.
        let server = try await InProcessServer { $0.jobs = 1; $0.queueLimit = 1 }
        server.core.thumbnails.onDemand.afterMaking.withLock { $0 = { usleep(200_000) } }
        let layout = try await server.respond("/api/v1/layout?width=393&height=852")
        let cells = try #require((try JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any])?["cells"] as? [[String: Any]])
        let names = cells.prefix(4).compactMap { $0["thumbnail"] as? String }.map { "/" + $0 }
        #expect(Set(names).count == 4)
        let replies = try await withThrowingTaskGroup(of: InProcessServer.Reply.self) { group in
            for _ in 0..<10 { group.addTask { try await server.respond(names[0]) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(replies.allSatisfy { $0.status == 200 }, "\(replies.map(\.status))")
        #expect(Set(replies.map(\.body)).count == 1)
        // Three other names at once: two are taken, the third is told to come back.
        let others = try await withThrowingTaskGroup(of: InProcessServer.Reply.self) { group in
            for name in names.dropFirst() { group.addTask { try await server.respond(name) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(others.map(\.status).sorted() == [200, 200, 503], "\(others.map(\.status))")
        #expect(others.first { $0.status == 503 }?.header("Retry-After") == "1")
    }
}
