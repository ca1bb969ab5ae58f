/// The `Host` values a server answers (docs/serve.md, "Security"): the names that reach it, so that a web
/// page that rebinds its own domain to this machine's address is refused before any route (DNS
/// rebinding: the browser sends that domain as `Host`).
///
/// - A loopback bind (`127.0.0.1`, `localhost`, `::1`) answers `localhost`, `127.0.0.1`, `[::1]` and
///   its own address.
/// - A wildcard bind (`0.0.0.0`, `::`) answers those, and any IP address literal (a page whose origin is
///   an address literal is served by that address: nothing rebinds).
/// - Any other bind answers its own address.
/// - Names given with `--allow-host` are answered in every case.
///
/// With or without a port; names compare case-insensitively, a trailing dot ignored.
public struct AllowedHosts: Sendable {
    private let names: Set<String>
    private let anyAddressLiteral: Bool
    /// The `Host` an HTTP/1.0 request without one is taken to name: the address listened on (HTTP/1.0
    /// does not require `Host`; no browser omits it, so such a request is never a rebound page's).
    public let defaultHost: String

    /// The loopback names.
    static let loopback: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    /// The hosts a server bound to `bind` answers, and the `extra` names (`--allow-host`).
    public init(bind: String, extra: [String] = []) {
        var names = Set(extra.compactMap { Self.name(ofHost: $0) })
        defaultHost = bind.contains(":") && !bind.hasPrefix("[") ? "[\(bind)]" : bind
        if let own = Self.name(ofHost: defaultHost) { names.insert(own) }
        let wildcard = bind == "0.0.0.0" || bind == "::" || bind == "[::]"
        if wildcard || ServerOptions.isLoopback(bind) { names.formUnion(Self.loopback) }
        self.names = names
        anyAddressLiteral = wildcard
    }

    /// Whether a request's `Host` value is one this server answers.
    public func allows(_ host: String) -> Bool {
        guard let name = Self.name(ofHost: host) else { return false }
        return names.contains(name) || (anyAddressLiteral && Self.isAddressLiteral(name))
    }

    /// The name part of a `Host` value (`[::1]:8080` → `[::1]`, `LocalHost.:80` → `localhost`), or nil
    /// when the value is not a host with an optional numeric port.
    static func name(ofHost value: String) -> String? {
        // On the bytes: every request of the memory path passes here (Characters cost ~10× as much).
        let utf8 = value.utf8
        var nameEnd = utf8.endIndex
        var portStart: String.Index?
        if utf8.first == UInt8(ascii: "[") {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            nameEnd = utf8.index(after: close)
            if nameEnd != utf8.endIndex {
                guard utf8[nameEnd] == UInt8(ascii: ":") else { return nil }
                portStart = utf8.index(after: nameEnd)
            }
        } else if let colon = utf8.firstIndex(of: UInt8(ascii: ":")) {
            nameEnd = colon
            portStart = utf8.index(after: colon)
        }
        if let portStart {
            let port = utf8[portStart...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        }
        var name = utf8[..<nameEnd]
        if name.last == UInt8(ascii: ".") { name = name.dropLast() }
        guard !name.isEmpty, name.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "@") }) else { return nil }
        // ASCII only (checked above): lowercased byte by byte.
        return String(decoding: name.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether `name` (as `name(ofHost:)` gives it) is an IPv4 address in dotted form or a bracketed IPv6 one.
    static func isAddressLiteral(_ name: String) -> Bool {
        if name.hasPrefix("[") { return name.hasSuffix("]") && name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." } }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber } && Int(part)! <= 255
        }
    }
}
