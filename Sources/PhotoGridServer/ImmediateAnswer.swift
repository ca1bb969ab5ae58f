import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTP1

/// A response that is ready the moment its request has been read — from memory: no database read, no
/// file, no wait — which `ImmediateAnswerHandler` writes in the channel pipeline.
struct ImmediateAnswer {
    var status: HTTPResponseStatus
    /// The route's headers (`Content-Length` and `Date` are the writer's).
    var headers: HTTPHeaders
    var body: ByteBuffer?
}

extension GalleryAPI {
    /// The route's answer to `request` — a GET with no body whose token was checked — when it is ready
    /// in memory: a visible-range layout from the grid in memory (`layoutFromMemory`), or a thumbnail kept
    /// in memory (200, or 304 for its `ETag`). Nil for every other request and for each the route
    /// answers otherwise (a 400, a thumbnail to read or make): the router answers those.
    func immediateAnswer(target: String, ifNoneMatch: [String]) -> ImmediateAnswer? {
        let utf8 = target.utf8
        let queryStart = utf8.firstIndex(of: UInt8(ascii: "?"))
        let path = target[..<(queryStart ?? target.endIndex)]
        if GalleryRoute.layout.matches(path) {
            guard let body = try? layoutFromMemory(target) else { return nil }
            return ImmediateAnswer(status: .ok, headers: Self.jsonHTTPHeaders, body: body)
        }
        // VARIANT/STEM.jpg with no query; a name kept in memory is one the service made, so a lookup
        // finds only well-formed names.
        if queryStart == nil, let parameters = GalleryRoute.thumbnail.match(path), parameters[1].hasSuffix(".jpg") {
            let variant = String(parameters[0]), stem = String(parameters[1].dropLast(4))
            let fields = Self.thumbnailHeaders(variant: variant, stem: stem)
            var headers = HTTPHeaders(fields.map { ($0.name.rawName, $0.value) })
            if Self.isNotModified(fields, ifNoneMatch: ifNoneMatch.isEmpty ? nil : ifNoneMatch.joined(separator: ", ")) {
                return ImmediateAnswer(status: .notModified, headers: headers, body: nil)
            }
            guard let bytes = thumbnails.kept(variant: variant, stem: stem) else { return nil }
            headers.add(name: "Content-Type", value: "image/jpeg")
            return ImmediateAnswer(status: .ok, headers: headers, body: bytes)
        }
        return nil
    }

    /// `jsonHeaders` as NIO writes them.
    static let jsonHTTPHeaders = HTTPHeaders(jsonHeaders.map { ($0.name.rawName, $0.value) })
}
