public import HTTPTypes
public import Hummingbird
import NIOCore
import PhotoGrid
import PhotoGridSupport

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

    /// How the API answers one of PhotoGrid's errors: the status of its kind (`Retry-After` when it is
    /// busy), its message naming request values as query parameters (`cellStyle`, not `--cell-style`).
    init(_ failure: any PhotoGridFailure) {
        self.init(Self.status(of: failure.kind), failure.message(naming: QueryParameters.name(ofOption:)),
                  headers: failure.kind == .busy ? [.retryAfter: "1"] : [:])
    }

    /// The HTTP status of each kind of failure.
    static func status(of kind: FailureKind) -> HTTPResponse.Status {
        switch kind {
        case .notFound: return .notFound
        case .invalidValue: return .badRequest
        case .conflict: return .conflict
        case .busy: return .serviceUnavailable
        case .unsupported, .damagedInput: return .unprocessableContent
        case .storageFull: return HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage")
        case .internal: return .internalServerError
        }
    }

    /// How the API answers any error a handler met: its own errors as they are, PhotoGrid's by kind,
    /// anything else as it is (Hummingbird answers it 500).
    static func answering(_ error: any Error) -> any Error {
        switch error {
        case let error as APIError: return error
        case let error as any PhotoGridFailure: return APIError(error)
        default: return error
        }
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
