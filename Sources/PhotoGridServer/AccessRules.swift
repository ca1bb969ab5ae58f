import HTTPTypes

import PhotoGridSupport

/// What every request must pass before any route, for the router (`RequestGuard`) and the answers from
/// memory (`ImmediateAnswerHandler`) alike: one definition of each rule, in this order —
///
/// 1. a request target that is a path (an absolute-form target names a host of its own): else 400;
/// 2. exactly one `Host`, and one this server answers (`AllowedHosts`): else 400, or 421 (DNS rebinding);
/// 3. GET or HEAD: else 405;
/// 4. no body: else 413;
/// 5. the token, when the server has one, on every route but `/healthz`: as `Authorization: Bearer`
///    (API clients) or as the session cookie a browser got from `/?token=` (`sessionCookie`): else 401.
struct AccessRules: Sendable {
    /// The token every route but `/healthz` requires, if any.
    let token: String?
    let hosts: AllowedHosts
    /// What a browser's cookie carries instead of the token: 32 random bytes in hex, new for each server
    /// process (the cookie never shows the token, and a restart signs browsers out).
    let session: String

    init(token: String?, hosts: AllowedHosts) {
        self.token = token
        self.hosts = hosts
        var random = SystemRandomNumberGenerator()
        session = (0..<4).map { _ in
            let value = random.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The field `ImmediateAnswerHandler` gives a request whose target is not a path (HTTP types keep only
    /// the path of `GET http://host/path`): the target as sent.
    static let absoluteTargetField = "photogrid-absolute-target"

    /// The cookie that carries the session in a browser.
    static let cookieName = "photogrid_session"

    /// A request as the rules read it; header values as they came (each `Host` field, each `Cookie`).
    struct Request {
        var method: HTTPRequest.Method
        /// The request target as sent (path and query, or another form).
        var target: Substring
        var path: Substring
        var hosts: [String]
        var authorization: [String]
        var cookies: [String]
        var contentLength: [String]
        var hasTransferEncoding: Bool
    }

    /// Why `request` is refused, or nil when it may go on to its route.
    func refusal(_ request: Request) -> APIError? {
        guard request.target.first == "/" else {
            return APIError(.badRequest, "the request target must be a path (/api/v1/…), not '\(QueryParameters.shown(request.target.prefix(200)))'")
        }
        guard request.hosts.count == 1 else {
            return APIError(.badRequest, request.hosts.isEmpty ? "a request needs a Host header" : "a request has one Host header (got \(request.hosts.count))")
        }
        guard hosts.allows(request.hosts[0]) else {
            return APIError(.misdirectedRequest, "this server does not answer for the host '\(QueryParameters.shown(Substring(request.hosts[0])))' (it answers the address it listens on; more names with --allow-host)")
        }
        guard request.method == .get || request.method == .head else {
            return APIError(.methodNotAllowed, "\(request.method) is not allowed: the API only reads (GET)", headers: [.allow: "GET, HEAD"])
        }
        if let length = request.contentLength.first, Int(length) != 0 || request.contentLength.count > 1 {
            return APIError(.contentTooLarge, "a \(request.method) request has no body (got \(length) bytes)")
        }
        if request.hasTransferEncoding {
            return APIError(.contentTooLarge, "a \(request.method) request has no body")
        }
        if !GalleryRoute.open.contains(where: { $0.matches(request.path) }), !authorized(authorization: request.authorization, cookies: request.cookies) {
            return APIError(.unauthorized, "this server needs its token: Authorization: Bearer <token>, or open /?token=<token> once in a browser",
                            headers: [.wwwAuthenticate: "Bearer"])
        }
        return nil
    }

    /// Whether the request carries the token (true when the server has none), compared in constant time:
    /// one `Authorization: Bearer <token>`, or the session cookie in any `Cookie` field.
    func authorized(authorization: [String], cookies: [String]) -> Bool {
        guard let token else { return true }
        if authorization.count == 1, authorization[0].hasPrefix("Bearer ") {
            return ConstantTimeComparison.equal(Array(authorization[0].utf8.dropFirst(7)), Array(token.utf8))
        }
        guard authorization.isEmpty else { return false }
        let expected = Array(session.utf8)
        return Self.cookieValues(in: cookies).contains { ConstantTimeComparison.equal(Array($0.utf8), expected) }
    }

    /// Whether `given` (the `token` query parameter of `/`) is the token.
    func isToken(_ given: String) -> Bool {
        guard let token else { return false }
        return ConstantTimeComparison.equal(Array(given.utf8), Array(token.utf8))
    }

    /// The `Set-Cookie` value that keeps the session in a browser: HttpOnly (no script reads it),
    /// SameSite=Strict (no other site's page sends it), the whole server's path, 30 days. Cookies are
    /// not told apart by port: two servers on one host take turns holding it (each signs the browser in
    /// again).
    var setCookie: String {
        "\(Self.cookieName)=\(session); Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict"
    }

    /// Every session cookie value among `Cookie` fields (`a=1; photogrid_session=…`; another site of
    /// this host may set one of its own: any that matches is enough).
    static func cookieValues(in fields: [String]) -> [Substring] {
        var values: [Substring] = []
        for field in fields {
            for pair in field.split(separator: ";") {
                let pair = pair.trimmingSpaces
                if pair.hasPrefix(cookieName + "=") { values.append(pair.dropFirst(cookieName.count + 1)) }
            }
        }
        return values
    }
}

/// Wrong tokens a server takes before it stops listening to more for a moment: at most `perSecond`
/// failures in any second (429 beyond), so a token cannot be guessed at a request's speed — not by a
/// client on the network, nor by a page of any site probing `/?token=` through the user's browser.
final class TokenFailures: Sendable {
    private let started = ContinuousClock.now
    private let window = LockedValue<(second: Int64, count: Int)>((-1, 0))
    let perSecond: Int

    init(perSecond: Int = 20) { self.perSecond = perSecond }

    /// Counts a failure; whether it is still within the budget of its second.
    func allow() -> Bool {
        let second = (ContinuousClock.now - started).components.seconds
        return window.withLock { window in
            if window.second != second { window = (second, 0) }
            window.count += 1
            return window.count <= perSecond
        }
    }
}
