import Foundation
import TestSupport

/// A copy of the sample photos in a temporary folder, served by the built binary: `photogrid serve
/// photos --db library.sqlite --port 0`, waited on until its first index run is in.
final class ServedLibrary {
    let folder: TemporaryFolder
    let server: ServerProcess
    var photos: URL { folder.url.appendingPathComponent("photos") }
    var database: String { folder.url.appendingPathComponent("library.sqlite").path }

    /// Serves a copy of `SampleImages/` with `arguments` added; waits until every sample is indexed (asking
    /// with `authorization` as the bearer token when the token is not in `arguments`).
    init(_ arguments: [String] = [], authorization token: String? = nil) throws {
        folder = try TemporaryFolder("photogrid-serve")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: folder.url.appendingPathComponent("photos"))
        server = try ServerProcess(["photos", "--db", "library.sqlite"] + arguments, in: folder.url)
        let expected = SamplePhotos.facts.count
        // The end of the first index run, as a client learns it: `indexing.phase` is `done`.
        let stats = try server.wait(for: "/api/v1/stats", headers: token.map { ["Authorization": "Bearer " + $0] } ?? Self.authorization(arguments)) { reply in
            let json = try? reply.json()
            return json?["ok"] as? Int == expected && (json?["indexing"] as? [String: Any])?["phase"] as? String == "done"
        }
        guard (try stats.json())["ok"] as? Int == expected else {
            throw HTTPConnection.Failure("the samples were not indexed: \(stats.text)")
        }
    }

    /// The Authorization header `arguments` call for (`--token T`).
    static func authorization(_ arguments: [String]) -> [String: String] {
        guard let index = arguments.firstIndex(of: "--token"), index + 1 < arguments.count else { return [:] }
        return ["Authorization": "Bearer " + arguments[index + 1]]
    }

    /// `photogrid ARGS --db library.sqlite` run beside the server (the CLI's answer for the same library).
    func cli(_ arguments: [String]) throws -> PhotoGridRun {
        try PhotoGridBinary.run(arguments + ["--db", database], in: folder.url)
    }
}

extension ServerProcess {
    /// `wait(for:until:)` with request headers.
    @discardableResult
    func wait(for path: String, headers: [String: String], timeout: Double = 60,
              until done: (HTTPConnection.Reply) -> Bool) throws -> HTTPConnection.Reply {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let reply = try get(path, headers: headers)
            if done(reply) || Date() >= deadline { return reply }
            usleep(20_000)
        }
    }
}
