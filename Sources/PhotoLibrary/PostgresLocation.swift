/// A PostgreSQL library's address: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?PARAMETERS]` (also
/// `postgresql://`), as libpq spells it. The parameters `host`, `port`, `user`, `password`, `dbname` and
/// `sslmode` give a part the authority or path leaves out (or override it); others are ignored. `sslmode`
/// is `disable` (the default), `prefer` or `require`; a `host` starting with `/` is the folder of the
/// server's Unix socket; no host at all is `localhost`.
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
        guard Self.names(url), let parts = PostgresAddress(url) else { throw refuse("it does not start with postgres://") }
        let query = parts.parameters
        user = query["user"] ?? parts.user.map(Self.decoded) ?? ""
        guard !user.isEmpty else { throw refuse("no user name") }
        password = query["password"] ?? parts.password.map(Self.decoded)
        database = query["dbname"] ?? parts.database.map(Self.decoded) ?? ""
        guard !database.isEmpty else { throw refuse("no database name") }
        var authority = parts.hostAndPort
        var portText = query["port"]
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            portText = portText ?? String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        port = 5432
        if let portText {
            guard let number = Int(portText), (1...65535).contains(number) else { throw refuse("the port is not a number from 1 to 65535") }
            port = number
        }
        host = Self.decoded(authority.hasPrefix("[") && authority.hasSuffix("]") ? authority.dropFirst().dropLast() : authority)
        if let given = query["host"], !given.isEmpty {
            if given.hasPrefix("/") { socketFolder = given } else { host = given }
        }
        if host.isEmpty && socketFolder == nil { host = "localhost" }
        if let mode = query["sslmode"] {
            guard let tls = TLSMode(rawValue: mode) else { throw refuse("sslmode must be disable, prefer or require") }
            self.tls = tls
        } else {
            tls = .disable
        }
    }

    /// `url` with every password in it replaced by `***`: the one form in which an address is shown
    /// (messages, `path`, JSON). The password after `USER:` (up to the last `@` before the query, so an
    /// unencoded `/` or `@` in it is hidden too) and each `password=` parameter's value.
    public static func redacted(_ url: String) -> String {
        guard let parts = PostgresAddress(url) else { return url }
        var shown = String(url[..<parts.afterScheme])
        if let user = parts.user {
            shown += user + (parts.password == nil ? "" : ":***") + "@"
        }
        shown += parts.hostAndPort
        if let database = parts.database { shown += "/" + database }
        if let query = parts.query {
            shown += "?" + query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
                let key = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                return decoded(key) == "password" ? key + "=***" : String(pair)
            }.joined(separator: "&")
        }
        return shown
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

    /// `text` percent-encoded for a query parameter's value (all but letters, digits and `-._~`).
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
