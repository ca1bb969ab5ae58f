import NIOCore
import NIOEmbedded
import NIOHTTP1
@testable import PhotoGridServer
import Testing

/// The response heads written below NIO's encoder: the bytes NIO's own encoder writes for the same head.
@Suite struct ResponseHeadBytesTests {
    /// What NIO's `HTTPResponseEncoder` writes for `head` (framing headers as given).
    static func encodedByNIO(_ head: HTTPResponseHead) throws -> String {
        var configuration = HTTPResponseEncoder.Configuration()
        configuration.automaticallySetFramingHeaders = false
        let channel = EmbeddedChannel(handler: HTTPResponseEncoder(configuration: configuration))
        defer { _ = try? channel.finish() }
        try channel.writeOutbound(HTTPServerResponsePart.head(head))
        var bytes = ""
        while let part = try channel.readOutbound(as: IOData.self) {
            if case let .byteBuffer(buffer) = part { bytes += String(buffer: buffer) }
        }
        return bytes
    }

    @Test("a head's bytes are NIO's encoder's", arguments: [
        HTTPResponseStatus.ok, .notModified, .notFound, .partialContent, .custom(code: 299, reasonPhrase: "Odd"),
    ])
    func headsAreNIOs(status: HTTPResponseStatus) throws {
        let headers = HTTPHeaders([("Content-Type", "application/json"), ("ETag", "\"a b\""), ("X-Empty", "")])
        for version in [HTTPVersion.http1_1, .http1_0] {
            var buffer = ByteBuffer()
            buffer.writeResponseHead(version: version, status: status, headers: headers)
            #expect(String(buffer: buffer) == (try Self.encodedByNIO(HTTPResponseHead(version: version, status: status, headers: headers))))
        }
    }

    @Test("decimal lengths are the standard library's digits", arguments: [0, 1, 9, 10, 99, 100, 6_770, 1_000_000, Int.max])
    func decimals(value: Int) {
        var buffer = ByteBuffer()
        buffer.writeDecimal(value)
        #expect(String(buffer: buffer) == String(value))
    }
}
