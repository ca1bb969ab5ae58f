import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// A response that is ready the moment its request has been read — from memory: no database read, no
/// file, no wait — as the bytes `ImmediateAnswerHandler` writes below NIO's response encoder.
struct ImmediateAnswer {
    var status: HTTPResponseStatus
    /// The head (`AnswerHead`) and, for a layout, the body.
    var response: ByteBuffer
    /// The body kept apart from the head: a thumbnail's bytes in memory, written without a copy.
    var body: ByteBuffer?
}

extension GalleryAPI {
    /// The route's answer to `request` — a GET with no body whose token was checked — when it is ready
    /// in memory: a visible-range layout from the grid in memory (`layoutFromMemory`), or a thumbnail kept
    /// in memory (200, or 304 for its `ETag`), its head written by `head`. Nil for every other request and
    /// for each the route answers otherwise (a 400, a thumbnail to read or make): the router answers those.
    func immediateAnswer(target: String, ifNoneMatch: [String], head: inout AnswerHead) -> ImmediateAnswer? {
        let utf8 = target.utf8
        let queryStart = utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = target[..<(queryStart ?? target.endIndex)]
        if GalleryRoute.layout.matches(path) {
            let response = try? layoutFromMemory(target) { length, buffer in
                head.writeLayout(bodyLength: length, into: &buffer)
            }
            return response.map { ImmediateAnswer(status: .ok, response: $0) }
        }
        // VARIANT/STEM.jpg with no query; a name kept in memory is one the service made, so a lookup
        // finds only well-formed names.
        if queryStart == nil, let parameters = GalleryRoute.thumbnail.match(path), parameters[1].hasSuffix(".jpg") {
            let variant = String(parameters[0]), stem = String(parameters[1].dropLast(4))
            let fields = Self.thumbnailHeaders(variant: variant, stem: stem)
            var headers = HTTPHeaders(fields.map { ($0.name.rawName, $0.value) })
            var response = ByteBufferAllocator().buffer(capacity: 512)
            if Self.isNotModified(fields, ifNoneMatch: ifNoneMatch.isEmpty ? nil : ifNoneMatch.joined(separator: ", ")) {
                head.write(status: .notModified, headers: headers, bodyLength: 0, into: &response)
                return ImmediateAnswer(status: .notModified, response: response)
            }
            guard let bytes = thumbnails.kept(variant: variant, stem: stem) else { return nil }
            headers.add(name: "Content-Type", value: "image/jpeg")
            head.write(status: .ok, headers: headers, bodyLength: bytes.readableBytes, into: &response)
            return ImmediateAnswer(status: .ok, response: response, body: bytes)
        }
        return nil
    }

    /// `jsonHeaders` as NIO writes them.
    static let jsonHTTPHeaders = HTTPHeaders(jsonHeaders.map { ($0.name.rawName, $0.value) })
}
