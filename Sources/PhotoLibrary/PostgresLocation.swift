/// A PostgreSQL library's address: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…&host=…]`
/// (also `postgresql://`), as libpq spells it. `sslmode` is `disable` (the default), `prefer` or
/// `require`; `host=/folder` connects through the Unix socket in that folder instead of TCP.
public struct PostgresLocation: Sendable, Equatable {
    /// How the connection is secured.
    public enum TLSMode: String, Sendable {
        case disable, prefer, require
    }

    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode
    /// The folder of the server's Unix socket, when connecting through one.
    public var socketFolder: String?

    /// Whether `location` names a PostgreSQL library (rather than a SQLite file).
    public static func names(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// Parses `url`. Throws `.openDatabase` with what is wrong with it.
    public init(_ url: String) throws(LibraryError) {
        func refuse(_ why: String) -> LibraryError {
            .openDatabase(path: Self.redacted(url), message: "not a PostgreSQL URL (postgres://USER@HOST:PORT/DATABASE): \(why)")
        }
        guard Self.names(url), let schemeEnd = Self.afterScheme(url) else { throw refuse("it does not start with postgres://") }
        var rest = Substring(url[schemeEnd...])
        var query: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: mark)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                query[Self.decoded(parts[0])] = parts.count > 1 ? Self.decoded(parts[1]) : ""
            }
            rest = rest[..<mark]
        }
        guard let slash = rest.firstIndex(of: "/") else { throw refuse("no database name") }
        database = Self.decoded(rest[rest.index(after: slash)...])
        guard !database.isEmpty else { throw refuse("no database name") }
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            if let colon = credentials.firstIndex(of: ":") {
                user = Self.decoded(credentials[..<colon])
                password = Self.decoded(credentials[credentials.index(after: colon)...])
            } else {
                user = Self.decoded(credentials)
            }
            authority = authority[authority.index(after: at)...]
        } else {
            user = query["user"] ?? ""
        }
        guard !user.isEmpty else { throw refuse("no user name") }
        port = 5432
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                throw refuse("the port is not a number from 1 to 65535")
            }
            port = number
            authority = authority[..<colon]
        }
        host = String(authority.hasPrefix("[") && authority.hasSuffix("]") ? authority.dropFirst().dropLast() : authority)
        socketFolder = query["host"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        if host.isEmpty && socketFolder == nil { host = "localhost" }
        if let mode = query["sslmode"] {
            guard let tls = TLSMode(rawValue: mode) else { throw refuse("sslmode must be disable, prefer or require") }
            self.tls = tls
        } else {
            tls = .disable
        }
        if let password = query["password"] { self.password = password }
    }

    /// `url` with its password replaced by `***` (what messages and `path` show).
    public static func redacted(_ url: String) -> String {
        guard let schemeEnd = afterScheme(url) else { return url }
        let rest = url[schemeEnd...]
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<end].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<rest.index(after: colon)]) + "***" + String(rest[at...])
    }

    /// Where what follows `scheme://` starts in `url`.
    static func afterScheme(_ url: String) -> String.Index? {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        return url.index(colon, offsetBy: 3)
    }

    /// Percent-decodes `text` (`%2F` → `/`).
    static func decoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
