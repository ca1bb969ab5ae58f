import HTTPTypes

import PhotoGridSupport

/// What every request must pass before any route, for the router (`RequestGuard`) and the answers from
/// memory (`ImmediateAnswerHandler`) alike: one definition of each rule, in this order —
/// 1. a target of at most `RequestLimits.targetBytes` (else 414) and headers of at most
///    `RequestLimits.headerBytes` (else 431);
/// 2. a request target that is a path, or the absolute form naming a host this server answers: else 400;
/// 3. exactly one `Host`, and one this server answers (`AllowedHosts`): else 400, or 421 (DNS rebinding);
/// 4. Fetch Metadata (`FetchMetadata`): a browser's request from another site only as a top-level
///    navigation to the page: else 403;
/// 5. GET or HEAD (POST to `/api/v1/logout`): else 405;
/// 6. no body: else 413;
/// 7. the token, when the server has one, on every route but `/healthz`: as `Authorization: Bearer`
///    (API clients) or as a session cookie a browser got from `/?token=` (`BrowserSessions`): else 401.
struct AccessRules: Sendable {
    /// The token every route but `/healthz` requires, if any.
    let token: String?
    let hosts: AllowedHosts
    /// The browsers signed in with the token (each sign-in its own cookie value).
    let sessions = BrowserSessions()

    init(token: String?, hosts: AllowedHosts) {
        self.token = token
        self.hosts = hosts
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
        /// Every field's name and value, in bytes.
        var headerBytes: Int = 0
        var fetch = FetchMetadata()
    }

    /// Why `request` is refused, or nil when it may go on to its route. `hostAllowed`: its one `Host` is
    /// a value these rules allowed before (a connection's cache of rule 3).
    func refusal(_ request: Request, hostAllowed: Bool = false) -> APIError? {
        guard request.target.utf8.count <= RequestLimits.targetBytes else {
            return APIError(.uriTooLong, "the request target is \(request.target.utf8.count) bytes; at most \(RequestLimits.targetBytes) are read")
        }
        guard request.headerBytes <= RequestLimits.headerBytes else {
            return APIError(.requestHeaderFieldsTooLarge, "the request's headers are \(request.headerBytes) bytes; at most \(RequestLimits.headerBytes) are read")
        }
        if request.target.first != "/" {
            guard let authority = Self.absoluteFormAuthority(request.target), hosts.allows(String(authority)) else {
                return APIError(.badRequest, "the request target must be a path (/api/v1/…), or an absolute URL naming this server, not '\(QueryParameters.shown(request.target.prefix(200)))'")
            }
        }
        guard request.hosts.count == 1 else {
            return APIError(.badRequest, request.hosts.isEmpty ? "a request needs a Host header" : "a request has one Host header (got \(request.hosts.count))")
        }
        guard hostAllowed || hosts.allows(request.hosts[0]) else {
            return APIError(.misdirectedRequest, "this server does not answer for the host '\(QueryParameters.shown(Substring(request.hosts[0])))' (it answers the address it listens on; more names with --allow-host)")
        }
        if let refusal = request.fetch.refusal(method: request.method, isPage: GalleryRoute.page.matches(request.path)) {
            return refusal
        }
        let logout = GalleryRoute.logout.matches(request.path)
        guard request.method == (logout ? .post : .get) || (!logout && request.method == .head) else {
            return APIError(.methodNotAllowed, logout ? "\(request.method) is not allowed: sign out with POST" : "\(request.method) is not allowed: the API only reads (GET)",
                            headers: [.allow: logout ? "POST" : "GET, HEAD"])
        }
        if let length = request.contentLength.first, Int(length) != 0 || request.contentLength.count > 1 {
            return APIError(.contentTooLarge, "a \(request.method) request has no body (got \(QueryParameters.shown(Substring(length))) bytes)")
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

    /// The authority of an absolute-form target (`http://127.0.0.1:8080/path` → `127.0.0.1:8080`), or nil
    /// for another form (RFC 9112 §3.2.2: a server accepts the absolute form; the authority then names the
    /// host).
    static func absoluteFormAuthority(_ target: Substring) -> Substring? {
        let lowered = target.prefix(8).lowercased()
        let scheme = lowered.hasPrefix("http://") ? 7 : lowered.hasPrefix("https://") ? 8 : 0
        guard scheme > 0 else { return nil }
        let rest = target.dropFirst(scheme)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return authority.isEmpty ? nil : authority
    }

    /// Whether the request carries the token (true when the server has none): one `Authorization` whose
    /// scheme is `Bearer` in any case (RFC 9110 §11.1) and whose credentials are the token, compared in
    /// constant time; or a signed-in browser's session cookie in any `Cookie` field.
    func authorized(authorization: [String], cookies: [String]) -> Bool {
        guard let token else { return true }
        if authorization.count == 1, let given = Self.bearerCredentials(authorization[0]) {
            return ConstantTimeComparison.equal(Array(given.utf8), Array(token.utf8))
        }
        guard authorization.isEmpty else { return false }
        return Self.cookieValues(in: cookies).contains { sessions.contains($0) }
    }

    /// The credentials of an `Authorization` value of the `Bearer` scheme (any case, then one or more
    /// spaces), or nil for another scheme.
    static func bearerCredentials(_ value: String) -> Substring? {
        let utf8 = value.utf8
        guard utf8.count > 7 else { return nil }
        for (given, expected) in zip(utf8.prefix(6), "bearer".utf8) where given | 0x20 != expected { return nil }
        let rest = Substring(value).dropFirst(6)
        guard rest.first == " " else { return nil }
        let credentials = rest.drop { $0 == " " }
        return credentials.isEmpty ? nil : credentials
    }

    /// Whether `given` (the `token` query parameter of `/`) is the token.
    func isToken(_ given: String) -> Bool {
        guard let token else { return false }
        return ConstantTimeComparison.equal(Array(given.utf8), Array(token.utf8))
    }

    /// The `Set-Cookie` value that keeps a new session in a browser: HttpOnly (no script reads it),
    /// SameSite=Strict (no other site's page sends it), the whole server's path, 30 days. Cookies are
    /// not told apart by port: two servers on one host take turns holding it (each signs the browser in
    /// again).
    func newSessionCookie() -> String {
        "\(Self.cookieName)=\(sessions.begin()); Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict"
    }

    /// The `Set-Cookie` value that removes the session cookie.
    static let endedSessionCookie = "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"

    /// `Cache-Control` as a server with a token sends it: every answer `private` (a shared cache between
    /// the browser and the server must not keep what needed the token); unchanged without a token.
    func cacheControl(_ value: String?) -> String? {
        guard token != nil else { return value }
        guard let value else { return "private" }
        if value.hasPrefix("public") { return "private" + value.dropFirst(6) }
        return value.hasPrefix("private") ? value : "private, " + value
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

/// Wrong tokens a server takes from one client address before it stops listening to that address for
/// a moment: at most `perSecond` failures in any second (429 beyond), so a token cannot be guessed at a
/// request's speed — not by a client on the network, nor by a page probing `/?token=` through the user's
/// browser — while other addresses, and right tokens, are never charged.
final class TokenFailures: Sendable {
    private let started = ContinuousClock.now
    private let window = LockedValue<(second: Int64, counts: [String: Int])>((-1, [:]))
    let perSecond: Int
    /// Addresses counted in one second before every further one shares a single budget (a flood of
    /// addresses costs no more memory than this).
    static let addressesPerSecond = 4096

    init(perSecond: Int = 20) { self.perSecond = perSecond }

    /// Whether `client` may offer a token now (its failures this second are within the budget).
    func allows(_ client: String) -> Bool {
        let second = (ContinuousClock.now - started).components.seconds
        return window.withLock { window in
            if window.second != second { window = (second, [:]) }
            return (window.counts[Self.key(client, window.counts)] ?? 0) < perSecond
        }
    }

    /// Counts a wrong token from `client`.
    func fail(_ client: String) {
        let second = (ContinuousClock.now - started).components.seconds
        window.withLock { window in
            if window.second != second { window = (second, [:]) }
            window.counts[Self.key(client, window.counts), default: 0] += 1
        }
    }

    private static func key(_ client: String, _ counts: [String: Int]) -> String {
        counts.count < addressesPerSecond || counts[client] != nil ? client : "*"
    }
}
