import Hummingbird
import Logging
import HTTPTypes
import NIOCore

/// The outermost middleware: logs one line per request (method, path, status, duration; at `info`,
/// so quiet by default), refuses what no route takes — methods other than GET and HEAD (405), a body
/// on a request (413), a missing or wrong bearer token (401) — and answers every error as
/// `{"error": {"status", "message"}}`.
struct RequestGuard: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The token every route but `/healthz` requires, if any.
    let token: String?
    let logger: Logger

    /// The most body bytes a request may declare (none of the routes reads a body).
    static let maximumBody = 0

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            try check(request)
            response = try await next(request, context)
        } catch {
            response = try Self.errorResponse(error, request: request, context: context)
        }
        if logger.logLevel <= .info {
            logger.info(Self.logLine(method: request.method, path: request.uri.path, status: response.status, since: started))
        }
        return response
    }

    /// The log line of a request answered: method, path, status and milliseconds since `started`, and
    /// `note` after them.
    static func logLine(method: HTTPRequest.Method, path: String, status: HTTPResponse.Status,
                        since started: ContinuousClock.Instant, note: String = "") -> Logger.Message {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return "\(method) \(path) \(status.code) \(Int(milliseconds.rounded())) ms\(note)"
    }

    /// Whether `headers` carry the server's token (`Authorization: Bearer <token>`), compared in
    /// constant time; true when the server has none.
    static func authorized(_ headers: HTTPFields, token: String?) -> Bool {
        authorized(headers[.authorization], token: token)
    }

    /// Whether an `Authorization` value carries the server's token (`authorized(_:token:)`).
    static func authorized(_ authorization: String?, token: String?) -> Bool {
        guard let token else { return true }
        guard let given = authorization, given.hasPrefix("Bearer ") else { return false }
        return ConstantTimeComparison.equal(Array(given.utf8.dropFirst(7)), Array(token.utf8))
    }

    private func check(_ request: Request) throws(APIError) {
        guard request.method == .get || request.method == .head else {
            throw APIError(.methodNotAllowed, "\(request.method) is not allowed: the API only reads (GET)", headers: [.allow: "GET, HEAD"])
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > Self.maximumBody {
            throw APIError(.contentTooLarge, "a \(request.method) request has no body (got \(length) bytes)")
        }
        if request.headers[.transferEncoding] != nil {
            throw APIError(.contentTooLarge, "a \(request.method) request has no body")
        }
        if request.uri.path != "/healthz", !Self.authorized(request.headers, token: token) {
            throw APIError(.unauthorized, "this server needs its token: Authorization: Bearer <token>",
                           headers: [.wwwAuthenticate: "Bearer"])
        }
    }

    /// The response for an error a route or this guard threw.
    static func errorResponse(_ error: any Error, request: Request, context: Context) throws -> Response {
        switch error {
        case let error as APIError:
            return try error.response(from: request, context: context)
        case let error as HTTPError:
            let message = error.status == .notFound ? "no such route: \(request.method) \(request.uri.path)" : (error.body ?? "\(error.status)")
            return try APIError(error.status, message).response(from: request, context: context)
        default:
            return try APIError(.internalServerError, "\(error)").response(from: request, context: context)
        }
    }
}

/// Comparing secrets in time that depends only on their lengths, not on where they first differ.
enum ConstantTimeComparison {
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        let count = max(a.count, b.count)
        for index in 0..<count {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
