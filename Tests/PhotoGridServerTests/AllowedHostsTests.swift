@testable import PhotoGridServer
import Testing

/// The `Host` check both paths run on every request (DNS rebinding): the name a `Host` value gives, and
/// which names a bind answers.
@Suite struct AllowedHostsTests {
    static let names: [(String, String?)] = [
        ("127.0.0.1:8080", "127.0.0.1"), ("127.0.0.1", "127.0.0.1"), ("LocalHost.:80", "localhost"),
        ("localhost", "localhost"), ("[::1]:8080", "[::1]"), ("[::1]", "[::1]"), ("EXAMPLE.org", "example.org"),
        ("photos.example.org.", "photos.example.org"), ("[::1]x", nil), ("[::1", nil), ("host:", nil),
        ("host:123456", nil), ("host:8a", nil), ("host:-1", nil), ("", nil), (".", nil), ("a/b", nil),
        ("user@host", nil), ("héllo", nil), ("a b", nil), (":80", nil),
    ]

    @Test("a Host value's name", arguments: names)
    func name(_ value: String, _ expected: String?) {
        #expect(AllowedHosts.name(ofHost: value) == expected, "\(value)")
    }

    @Test("a loopback bind answers the loopback names only; a wildcard bind any address literal too")
    func binds() {
        let loopback = AllowedHosts(bind: "127.0.0.1")
        for host in ["127.0.0.1:8080", "localhost:1", "LOCALHOST", "[::1]:9"] { #expect(loopback.allows(host), "\(host)") }
        for host in ["evil.example", "127.0.0.2", "192.168.1.5:80", "localhost.evil.example"] { #expect(!loopback.allows(host), "\(host)") }
        let wildcard = AllowedHosts(bind: "0.0.0.0", extra: ["Photos.Example.org"])
        for host in ["192.168.1.5:80", "[fe80::1]", "photos.example.org:8080", "localhost"] { #expect(wildcard.allows(host), "\(host)") }
        for host in ["evil.example", "256.1.1.1", "1.2.3"] { #expect(!wildcard.allows(host), "\(host)") }
    }

    /// A name that only ends with an allowed one is another name (a suffix match would answer a rebound
    /// `evil-localhost`, or the registrable `evilexample.org` beside `--allow-host example.org`).
    @Test func aNameEndingWithAnAllowedOneIsAnotherName() {
        let loopback = AllowedHosts(bind: "127.0.0.1")
        for host in ["evil-localhost", "evillocalhost:8080", "x127.0.0.1", "a.localhost", "localhost.evil"] { #expect(!loopback.allows(host), "\(host)") }
        let named = AllowedHosts(bind: "0.0.0.0", extra: ["example.org"])
        #expect(named.allows("example.org:8080"))
        for host in ["evilexample.org", "evil.example.org", "example.org.evil", "wwwexample.org"] { #expect(!named.allows(host), "\(host)") }
    }
}
