import Hummingbird
import Logging
import HTTPTypes
import NIOCore

/// The outermost middleware: logs one line per request (method, path, status, duration; at `info`,
/// so quiet by default), refuses what `AccessRules` refuses (a foreign or missing `Host`, a method other
/// than GET and HEAD, a body, a missing token), exchanges
/// `/?token=` for the token cookie, and answers every error as `{"error": {"status", "message"}}`.
struct RequestGuard: RouterMiddleware {
    typealias Context = GalleryRequestContext

    let rules: AccessRules
    let logger: Logger
    let failures = TokenFailures()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        var response: Response
        do {
            let access = Self.accessRequest(request)
            let refusal = rules.refusal(access)
            let page = GalleryRoute.page.matches(Substring(request.uri.path)) && (refusal == nil || refusal?.status == .unauthorized)
            let given = page ? request.uri.queryParameters.get("token") : nil
            let offered = given != nil || (refusal?.status == .unauthorized
                                           && !(access.authorization.isEmpty && AccessRules.cookieValues(in: access.cookies).isEmpty))
            let client = context.clientAddress
            if given != nil, let site = request.headers[FetchMetadata.siteField], site != "none", site != "same-origin" {
                // Before the budget: another site's page is refused the same way however many tried.
                response = try APIError(.forbidden, "the token is taken only from an address opened in the browser itself (this request came from another site: \(QueryParameters.shown(Substring(site))))")
                    .response(from: request, context: context)
            } else if offered, !failures.allows(client) {
                response = try APIError(.tooManyRequests, "too many wrong tokens from this address: try again in a second", headers: [.retryAfter: "1"])
                    .response(from: request, context: context)
            } else if let given {
                response = try tokenExchange(given, client: client, request: request, context: context)
            } else if let refusal {
                if offered { failures.fail(client) }
                response = try page ? Self.signInPage(false) : refusal.response(from: request, context: context)
            } else if request.method == .head, GalleryRoute.events.matches(Substring(request.uri.path)) {
                response = Self.eventStreamHead
            } else {
                response = try await next(request, context)
            }
        } catch {
            response = try Self.errorResponse(error, request: request, context: context)
        }
        if rules.token != nil { response.headers[.cacheControl] = rules.cacheControl(response.headers[.cacheControl]) }
        if logger.logLevel <= .info {
            logger.info(Self.logLine(method: request.method, path: request.uri.path, status: response.status, since: started))
        }
        return response
    }

    /// The request as `AccessRules` reads it: the first `Host` is HTTP types' authority, any further one
    /// stays a `host` field.
    static func accessRequest(_ request: Request) -> AccessRules.Request {
        let headers = request.headers
        var headerBytes = request.head.authority.map { 4 + $0.utf8.count } ?? 0
        for field in headers { headerBytes += field.name.rawName.utf8.count + field.value.utf8.count }
        return AccessRules.Request(
            method: request.method, target: Substring(headers[absoluteTarget] ?? request.head.path ?? ""), path: Substring(request.uri.path),
            hosts: (request.head.authority.map { [$0] } ?? []) + headers[values: hostField],
            authorization: headers[values: .authorization], cookies: headers[values: .cookie],
            contentLength: headers[values: .contentLength], hasTransferEncoding: headers[.transferEncoding] != nil,
            headerBytes: headerBytes,
            fetch: FetchMetadata(site: headers[FetchMetadata.siteField], mode: headers[FetchMetadata.modeField],
                                 destination: headers[FetchMetadata.destinationField]))
    }

    /// The target of a request whose target is not a path (`AccessRules.absoluteTargetField`).
    static let absoluteTarget = HTTPField.Name(AccessRules.absoluteTargetField)!

    /// `Host` as a field name (a second `Host` is not made the authority).
    static let hostField = HTTPField.Name("host")!

    /// HEAD of the event stream: its headers, answered here (its GET would subscribe). Every other HEAD is
    /// the router's (`autoGenerateHeadEndpoints`: the GET route's status and headers, no body).
    static let eventStreamHead = Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"])

    /// `/?token=T`: the right token becomes a new session's cookie and the address loses it (303 to `/`);
    /// a wrong one is the sign-in page again (and counted against `client`). Only for an address opened
    /// in the browser itself or by this server's own page (`Sec-Fetch-Site` none or same-origin, or a
    /// client that sends none; `handle` refuses the others first): a page of another site could otherwise
    /// tell a right guess from a wrong one by the redirect.
    private func tokenExchange(_ given: String, client: String, request: Request, context: Context) throws -> Response {
        guard rules.token != nil else {
            return Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store"])
        }
        guard rules.isToken(given) else {
            failures.fail(client)
            return try Self.signInPage(true)
        }
        return Response(status: .seeOther, headers: [.location: "/", .cacheControl: "no-store", .setCookie: rules.newSessionCookie()])
    }

    /// Headers of every page: never framed by another site's page (clickjacking).
    static let pageHeaders: HTTPFields = [.contentSecurityPolicy: "frame-ancestors 'none'", HTTPField.Name("X-Frame-Options")!: "DENY",
                                          HTTPField.Name("X-Content-Type-Options")!: "nosniff"]

    /// The page `/` answers a browser without the token: a one-field form that opens `/?token=…`.
    static func signInPage(_ wrong: Bool) throws -> Response {
        let notice = wrong ? "<p class=\"wrong\">That is not this server's token.</p>" : ""
        let html = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <title>PhotoGrid: token needed</title><style>body{font:16px system-ui,sans-serif;margin:15vh auto;max-width:26em;padding:0 1em}
        input{font:inherit;width:100%;box-sizing:border-box;margin:.5em 0;padding:.4em}.wrong{color:#b00}</style></head>
        <body><h1>PhotoGrid</h1><p>This server needs its token (given to <code>photogrid serve</code> with --token,
        --token-file or PHOTOGRID_TOKEN).</p>\(notice)<form method="get" action="/"><input name="token" type="password"
        autocomplete="current-password" autofocus placeholder="token" aria-label="token"><button>Open</button></form></body></html>

        """
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .wwwAuthenticate: "Bearer"]
        headers.append(contentsOf: pageHeaders)
        return Response(status: .unauthorized, headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The log line of a request answered: method, path, status and milliseconds since `started`, and
    /// `note` after them.
    static func logLine(method: HTTPRequest.Method, path: String, status: HTTPResponse.Status,
                        since started: ContinuousClock.Instant, note: String = "") -> Logger.Message {
        let elapsed = ContinuousClock.now - started
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return "\(method) \(path) \(status.code) \(Int(milliseconds.rounded())) ms\(note)"
    }

    /// The response for an error a route or this guard threw.
    static func errorResponse(_ error: any Error, request: Request, context: Context) throws -> Response {
        switch APIError.answering(error) {
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
