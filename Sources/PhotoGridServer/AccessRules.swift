import HTTPTypes

/// What every request must pass before any route, for the router (`RequestGuard`) and the answers from
/// memory (`ImmediateAnswerHandler`) alike: one definition of each rule, in this order —
///
/// 1. exactly one `Host`, and one this server answers (`AllowedHosts`): else 400, or 421 (DNS rebinding);
/// 2. GET or HEAD: else 405;
/// 3. no body: else 413;
/// 4. the token, when the server has one, on every route but `/healthz`: as `Authorization: Bearer`
///    (API clients) or as the cookie a browser got from `/?token=` (`tokenCookie`): else 401.
struct AccessRules: Sendable {
    /// The token every route but `/healthz` requires, if any.
    let token: String?
    let hosts: AllowedHosts

    /// The cookie that carries the token in a browser.
    static let cookieName = "photogrid_token"

    /// A request as the rules read it; header values as they came (each `Host` field, each `Cookie`).
    struct Request {
        var method: HTTPRequest.Method
        var path: Substring
        var hosts: [String]
        var authorization: [String]
        var cookies: [String]
        var contentLength: [String]
        var hasTransferEncoding: Bool
    }

    /// Why `request` is refused, or nil when it may go on to its route.
    func refusal(_ request: Request) -> APIError? {
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
        if request.path != "/healthz", !authorized(authorization: request.authorization, cookies: request.cookies) {
            return APIError(.unauthorized, "this server needs its token: Authorization: Bearer <token>, or open /?token=<token> once in a browser",
                            headers: [.wwwAuthenticate: "Bearer"])
        }
        return nil
    }

    /// Whether the request carries the token (true when the server has none), compared in constant time:
    /// one `Authorization: Bearer <token>`, or the token cookie in any `Cookie` field.
    func authorized(authorization: [String], cookies: [String]) -> Bool {
        guard let token else { return true }
        if authorization.count == 1, authorization[0].hasPrefix("Bearer ") {
            return ConstantTimeComparison.equal(Array(authorization[0].utf8.dropFirst(7)), Array(token.utf8))
        }
        guard authorization.isEmpty, let cookie = Self.cookieValue(in: cookies) else { return false }
        return ConstantTimeComparison.equal(Array(cookie.utf8), Array(Self.cookieValue(of: token).utf8))
    }

    /// Whether `given` (the `token` query parameter of `/`) is the token.
    func isToken(_ given: String) -> Bool {
        guard let token else { return false }
        return ConstantTimeComparison.equal(Array(given.utf8), Array(token.utf8))
    }

    /// The cookie's value for `token`: its UTF-8 bytes in hex (a token may hold characters a cookie
    /// value may not, such as `;` or `,`).
    static func cookieValue(of token: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8]()
        hex.reserveCapacity(token.utf8.count * 2)
        for byte in token.utf8 { hex.append(digits[Int(byte >> 4)]); hex.append(digits[Int(byte & 15)]) }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The `Set-Cookie` value that keeps `token` in a browser: HttpOnly (no script reads it), SameSite=Strict
    /// (no other site's page sends it), the whole server's path, 30 days.
    static func setCookie(for token: String) -> String {
        "\(cookieName)=\(cookieValue(of: token)); Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict"
    }

    /// The token cookie's value among `Cookie` fields (`a=1; photogrid_token=…`), if present.
    static func cookieValue(in fields: [String]) -> Substring? {
        for field in fields {
            for pair in field.split(separator: ";") {
                let pair = pair.trimmingSpaces
                if pair.hasPrefix(cookieName + "=") { return pair.dropFirst(cookieName.count + 1) }
            }
        }
        return nil
    }
}
