public import HTTPTypes
public import Hummingbird
import HTTPTypes
import NIOCore
import PhotoGrid

/// An error the API answers with: its HTTP status and one line, sent as
/// `{"error": {"status": 400, "message": "…"}}` (the message the command line prints for the same
/// mistake, naming the query parameter instead of the flag).
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var message: String
    /// Extra headers (`Allow`, `Retry-After`, `WWW-Authenticate`).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// A request value the gallery model refused: 400, named as the query parameter.
    init(_ usage: UsageError) {
        self.init(.badRequest, usage.option.map { QueryParameters.name(ofOption: $0) + usage.separator + usage.detail } ?? usage.detail)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        var writer = JSONWriter(reservingCapacity: 128 + message.utf8.count)
        writer.object { w in
            w.key("error")
            w.object { w in
                w.key("message"); w.value(message)
                w.key("status"); w.value(Int(status.code))
            }
        }
        var bytes = writer.bytes
        bytes.append(UInt8(ascii: "\n"))
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
