import HTTPTypes
@testable import PhotoGridServer
import Testing

/// The rules every request passes (`AccessRules`), their parts one by one: the status of each refusal,
/// as the spec or RFC it follows says.
@Suite struct AccessRulesTests {
    static func request(_ target: String = "/api/v1/stats", method: HTTPRequest.Method = .get, host: String = "127.0.0.1:8080",
                        authorization: [String] = [], fetch: FetchMetadata = FetchMetadata(), headerBytes: Int = 40) -> AccessRules.Request {
        let path = target.hasPrefix("/") ? Substring(target.split(separator: "?", maxSplits: 1).first ?? "") : "/healthz"
        return AccessRules.Request(method: method, target: Substring(target), path: path, hosts: [host], authorization: authorization,
                                   cookies: [], contentLength: [], hasTransferEncoding: false, headerBytes: headerBytes, fetch: fetch)
    }

    static let open = AccessRules(token: nil, hosts: AllowedHosts(bind: "127.0.0.1"))
    static let guarded = AccessRules(token: "t0ken", hosts: AllowedHosts(bind: "127.0.0.1"))

    @Test func targetsAndHeadersOverTheLimitsAreRefused() {
        #expect(Self.open.refusal(Self.request("/api/v1/stats?" + String(repeating: "a", count: 8192 - 14))) == nil)
        #expect(Self.open.refusal(Self.request("/api/v1/stats?" + String(repeating: "a", count: 8193 - 14)))?.status == .uriTooLong)
        #expect(Self.open.refusal(Self.request(headerBytes: 16384)) == nil)
        #expect(Self.open.refusal(Self.request(headerBytes: 16385))?.status == .requestHeaderFieldsTooLarge)
    }

    /// RFC 9112 §3.2.2: the absolute form is accepted; its authority names the host.
    @Test("an absolute-form target", arguments: [
        ("http://127.0.0.1:8080/healthz", true), ("HTTP://localhost/healthz", true), ("http://[::1]:8080/", true),
        ("http://evil.example/healthz", false), ("http://evil-localhost/", false), ("ftp://127.0.0.1/", false),
        ("*", false), ("127.0.0.1:8080", false), ("http:///healthz", false),
    ])
    func absoluteForm(_ target: String, _ answered: Bool) {
        #expect((Self.open.refusal(Self.request(target)) == nil) == answered, "\(target)")
    }

    /// RFC 9110 §11.1: the scheme is case-insensitive; one or more spaces before the credentials.
    @Test("the Bearer scheme", arguments: [
        ("Bearer t0ken", true), ("bearer t0ken", true), ("BEARER t0ken", true), ("Bearer   t0ken", true),
        ("Bearer t0kenx", false), ("Bearer", false), ("Bearer ", false), ("Bearert0ken", false), ("Basic t0ken", false),
        ("t0ken", false), ("Bearer  t0ke", false),
    ])
    func bearer(_ value: String, _ authorized: Bool) {
        #expect(Self.guarded.authorized(authorization: [value], cookies: []) == authorized, "\(value)")
    }

    /// W3C Fetch Metadata, the resource isolation policy: another site's request only as a navigation to the page.
    @Test("Fetch Metadata", arguments: [
        (nil, nil, nil, "/api/v1/stats", true), ("same-origin", "cors", "empty", "/api/v1/stats", true),
        ("none", "navigate", "document", "/api/v1/stats", true), ("cross-site", "cors", "empty", "/api/v1/stats", false),
        ("same-site", "no-cors", "image", "/api/v1/thumbnails/grid-387/a.jpg", false),
        ("cross-site", "navigate", "document", "/", true), ("cross-site", "navigate", "document", "/api/v1/stats", false),
        ("cross-site", "navigate", "iframe", "/", false), ("same-site", "navigate", nil, "/", true),
        ("cross-site", "no-cors", "video", "/api/v1/media/3", false),
    ] as [(String?, String?, String?, String, Bool)])
    func fetchMetadata(_ site: String?, _ mode: String?, _ destination: String?, _ path: String, _ answered: Bool) {
        let refusal = Self.open.refusal(Self.request(path, fetch: FetchMetadata(site: site, mode: mode, destination: destination)))
        #expect((refusal == nil) == answered, "\(site ?? "-") \(mode ?? "-") \(destination ?? "-") \(path)")
        if !answered { #expect(refusal?.status == .forbidden) }
    }

    @Test func logoutIsAPostAndEverythingElseAGet() {
        #expect(Self.open.refusal(Self.request("/api/v1/logout", method: .post)) == nil)
        #expect(Self.open.refusal(Self.request("/api/v1/logout"))?.status == .methodNotAllowed)
        #expect(Self.open.refusal(Self.request("/api/v1/stats", method: .post))?.status == .methodNotAllowed)
    }

    @Test func withATokenEveryAnswerIsPrivate() {
        #expect(Self.guarded.cacheControl("public, max-age=31536000, immutable") == "private, max-age=31536000, immutable")
        #expect(Self.guarded.cacheControl("no-store") == "private, no-store")
        #expect(Self.guarded.cacheControl(nil) == "private")
        #expect(Self.guarded.cacheControl("private, no-cache") == "private, no-cache")
        #expect(Self.open.cacheControl("public, max-age=31536000, immutable") == "public, max-age=31536000, immutable")
    }

    @Test func wrongTokensAreCountedPerAddress() {
        let failures = TokenFailures(perSecond: 3)
        for _ in 0..<3 { failures.fail("10.0.0.1") }
        #expect(!failures.allows("10.0.0.1"))
        #expect(failures.allows("10.0.0.2"))
    }

    @Test func sessionsEndOneByOneAndTheOldestGoesFirst() {
        let sessions = BrowserSessions(capacity: 2)
        let a = sessions.begin(), b = sessions.begin()
        #expect(a != b && a.count == 64)
        #expect(sessions.contains(Substring(a)) && sessions.contains(Substring(b)))
        sessions.end(Substring(a))
        #expect(!sessions.contains(Substring(a)) && sessions.contains(Substring(b)))
        let c = sessions.begin(), d = sessions.begin()
        #expect(!sessions.contains(Substring(b)) && sessions.contains(Substring(c)) && sessions.contains(Substring(d)))
    }

    /// RFC 9110 §14.1.1: positions of any length; a last position past the end means the end.
    @Test("a Range header", arguments: [
        ("bytes=0-99999999999999999999", ByteRangeRequest.part(0...999)), ("bytes=99999999999999999999-", .unsatisfiable),
        ("bytes=-99999999999999999999", .part(0...999)), ("bytes=10-19", .part(10...19)), ("bytes=1000-", .unsatisfiable),
        ("bytes=5-2", .whole), ("bytes=0-1,5-6", .whole), ("items=0-1", .whole), ("bytes=x-1", .whole),
    ])
    func range(_ header: String, _ expected: ByteRangeRequest) {
        #expect(ByteRangeRequest(header: header, length: 1000) == expected, "\(header)")
    }
}
