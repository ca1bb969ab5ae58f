import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import PhotoGrid
@testable import PhotoGridServer
import TestSupport

/// A server's core in this process, on the sample photos indexed into a temporary library: its router
/// answered without a network (`respond`), and its answers from memory through `ImmediateAnswerHandler`
/// in an `EmbeddedChannel` (`fromMemory`).
final class InProcessServer: @unchecked Sendable {
    let folder: TemporaryFolder
    let library: Library
    let core: GalleryCore
    let responder: RouterResponder<GalleryRequestContext>
    let logger = Logger(label: "photogrid-tests")

    /// The samples (or the folder `photos`) indexed into a new library, served with `options` (the grid
    /// read into memory).
    init(photos: URL = Repository.sampleImages, _ configure: (inout ServerOptions) -> Void = { _ in }) async throws {
        folder = try TemporaryFolder("photogrid-server-tests")
        let database = folder.url.appendingPathComponent("photogrid.sqlite").path
        _ = try LibraryIndexing.index(folder: photos.path, database: .sqliteFile(database))
        library = try Library.open(.sqliteFile(database))
        var options = ServerOptions()
        options.thumbnailFolder = folder.url.appendingPathComponent("thumbnails").path
        configure(&options)
        core = try GalleryCore(library: library, options: options, logger: logger)
        responder = core.router(logger: logger).buildResponder()
        await core.grid.refresh()
    }

    deinit {
        let core = self.core
        Task { await core.shutdown() }
    }

    /// A response as a test reads it.
    struct Reply: CustomStringConvertible {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var text: String { String(decoding: body, as: UTF8.self) }
        var description: String { "\(status) \(body.count) bytes: \(text.prefix(120))" }
        var errorMessage: String? {
            guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
            return (object["error"] as? [String: Any])?["message"] as? String
        }
    }

    /// The router's answer to GET `target` with `headers` (a `Host` of 127.0.0.1 unless given).
    func respond(_ target: String, headers: [(String, String)] = []) async throws -> Reply {
        var fields = HTTPFields()
        for (name, value) in headers where name.lowercased() != "host" { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        let host = headers.first { $0.0.lowercased() == "host" }?.1 ?? "127.0.0.1"
        let head = HTTPRequest(method: .get, scheme: nil, authority: host, path: target, headerFields: fields)
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        let context = GalleryRequestContext(source: ApplicationRequestContextSource(channel: EmbeddedChannel(), logger: logger))
        let response = try await responder.respond(to: request, context: context)
        let collected = Collected()
        try await response.body.write(CollectingWriter(into: collected))
        return Reply(status: Int(response.status.code), headers: response.headers.map { ($0.name.rawName, $0.value) }, body: collected.bytes)
    }

    /// What the memory path does with GET `targets`, sent on one connection back to back: the answers it
    /// wrote itself (read back from the bytes written below NIO's response encoder, as in a server's
    /// pipeline), and the heads of the requests it passed on to the router.
    func fromMemory(_ targets: [String], headers: [(String, String)] = [("Host", "127.0.0.1")]) throws -> (answers: [Reply], passedOn: [String]) {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([HTTPResponseEncoder(), core.answerHandler(idleTimeout: .seconds(60), logger: logger)])
        defer { _ = try? channel.finish() }
        for target in targets {
            let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: HTTPHeaders(headers))
            try channel.writeInbound(HTTPServerRequestPart.head(head))
            try channel.writeInbound(HTTPServerRequestPart.end(nil))
        }
        channel.embeddedEventLoop.run()
        var passedOn: [String] = []
        while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
            if case let .head(head) = part { passedOn.append(head.uri) }
        }
        var bytes: [UInt8] = []
        while let part = try channel.readOutbound(as: IOData.self) {
            guard case let .byteBuffer(buffer) = part else { continue }
            bytes += Array(buffer.readableBytesView)
        }
        return (try Self.replies(bytes), passedOn)
    }

    /// The HTTP/1.1 responses in `bytes`, each a head and a body of its `Content-Length`.
    static func replies(_ bytes: [UInt8]) throws -> [Reply] {
        struct Malformed: Error { var at: Int }
        var replies: [Reply] = []
        var start = 0
        let separator = Array("\r\n\r\n".utf8)
        while start < bytes.count {
            guard let end = (start...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { throw Malformed(at: start) }
            let lines = String(decoding: bytes[start..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let status = lines[0].split(separator: " ")
            guard status.count >= 3, status[0] == "HTTP/1.1", let code = Int(status[1]) else { throw Malformed(at: start) }
            let fields = try lines.dropFirst().map { line -> (String, String) in
                guard let colon = line.firstIndex(of: ":") else { throw Malformed(at: start) }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            var reply = Reply(status: code, headers: fields, body: [])
            let length = reply.header("content-length").flatMap { Int($0) } ?? 0
            guard end + 4 + length <= bytes.count else { throw Malformed(at: start) }
            reply.body = Array(bytes[(end + 4)..<(end + 4 + length)])
            replies.append(reply)
            start = end + 4 + length
        }
        return replies
    }
}

/// Where a response's body is collected.
final class Collected: @unchecked Sendable {
    var bytes: [UInt8] = []
}

/// A response body writer that keeps what is written.
struct CollectingWriter: ResponseBodyWriter {
    let into: Collected
    mutating func write(_ buffer: ByteBuffer) async throws { into.bytes += Array(buffer.readableBytesView) }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
