import Foundation
import TestSupport
import Testing

/// Two `serve` nodes on one PostgreSQL library (separate processes, real HTTP): a change made by another
/// process (`photogrid index` beside them) is announced by PostgreSQL (NOTIFY) and followed by both — their
/// event streams say `library`, and both answer the same layout, the change's.
@Suite("serve nodes on one PostgreSQL library", .enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
struct ServedPostgresNodesTests {
    @Test func twoNodesFollowAChangeMadeByAnotherProcess() throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        let folder = try TemporaryFolder("photogrid-nodes")
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let orientation = Repository.sampleImages.appendingPathComponent("orientation")
        let samples = try FileManager.default.contentsOfDirectory(atPath: orientation.path).filter { $0.hasSuffix(".jpg") }.sorted()
        #expect(samples.count >= 15)
        for name in samples.prefix(10) {
            try FileManager.default.copyItem(at: orientation.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let first = try PhotoGridBinary.run(["index", photos.path, "--db", database], in: folder.url)
        #expect(first.status == 0, "\(first.stderr)")
        let a = try ServerProcess(["photos", "--db", database], in: folder.url)
        let b = try ServerProcess(["photos", "--db", database], in: folder.url)
        let layout = "/api/v1/layout?width=393&all=true"
        for node in [a, b] {
            let reply = try node.wait(for: layout) { ((try? $0.json()["cells"] as? [Any])?.count ?? 0) == 10 }
            #expect((try reply.json()["cells"] as? [Any])?.count == 10)
        }
        // B's event stream is open before the change.
        let stream = try b.connect()
        try stream.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        _ = stream.readAvailable(for: 0.3)

        for name in samples[10 ..< 15] {
            try FileManager.default.copyItem(at: orientation.appendingPathComponent(name), to: photos.appendingPathComponent(name))
        }
        let change = try PhotoGridBinary.run(["index", photos.path, "--db", database, "--json"], in: folder.url)
        #expect(try change.json()["added"] as? Int == 5, "\(change.stderr)")

        let deadline = Date(timeIntervalSinceNow: 3)
        var heard = ""
        while Date() < deadline, !heard.contains("\"count\":15") {
            heard += String(decoding: stream.readAvailable(for: 0.05), as: UTF8.self)
        }
        #expect(heard.contains("event: library\ndata: {\"count\":15}"), "\(heard)")
        let answers = try [a, b].map { node in
            try node.wait(for: layout, timeout: 3) { ((try? $0.json()["cells"] as? [Any])?.count ?? 0) == 15 }.text
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].contains(samples[14]))

        // The database goes away (dropped, its connections ended): /healthz says so with 503, while
        // visible-range layouts are still answered from the grid in memory.
        #expect(try a.get("/healthz").status == 200)
        let window = "/api/v1/layout?width=393&height=300&offset=150"
        let before = try b.get(window)
        #expect(before.status == 200)
        let name = String(database.split(separator: "/").last ?? "")
        try cluster.admin("DROP DATABASE \(name) WITH (FORCE)")
        let health = try a.wait(for: "/healthz", timeout: 10) { $0.status == 503 }
        // Without a token it says only that (why is in the server's log, never to anyone who asks).
        #expect(health.status == 503 && health.text == "unavailable\n", "\(health.status) \(health.text)")
        #expect(a.standardError.contains("health check: the database is unreachable"))
        let stale = try b.get(window)
        #expect(stale.text == before.text, "\(stale.status) \(stale.text.prefix(300))")
        #expect(a.stop() == 0 && b.stop() == 0)
    }
}
