/// Where the parts of a `postgres://` address are, as written: the one split that parsing
/// (`PostgresLocation.init`) and showing (`PostgresLocation.redacted`) share, so that what is taken as
/// the password is what is hidden. The credentials end at the last `@` before the first `?`: a password's
/// unencoded `/`, `:` or `@` stays in it (a `?` or `&` in a password must be percent-encoded).
struct PostgresAddress {
    /// Where what follows `scheme://` starts.
    let afterScheme: String.Index
    /// The user name as written (nil without `@`).
    let user: Substring?
    /// The password as written, after the user's first `:` (nil without one).
    let password: Substring?
    /// `HOST[:PORT]` as written (may be empty).
    let hostAndPort: Substring
    /// The path after its `/`, as written (nil without `/`).
    let database: Substring?
    /// What follows the `?` (nil without one).
    let query: Substring?

    /// Splits `url`; nil when it has no `scheme://`.
    init?(_ url: String) {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return nil }
        afterScheme = url.index(colon, offsetBy: 3)
        var rest = url[afterScheme...]
        if let at = rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)].lastIndex(of: "@") {
            let credentials = rest[..<at]
            if let separator = credentials.firstIndex(of: ":") {
                user = credentials[..<separator]
                password = credentials[credentials.index(after: separator)...]
            } else {
                user = credentials
                password = nil
            }
            rest = rest[rest.index(after: at)...]
        } else {
            user = nil
            password = nil
        }
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        } else {
            query = nil
        }
        if let slash = rest.firstIndex(of: "/") {
            hostAndPort = rest[..<slash]
            database = rest[rest.index(after: slash)...]
        } else {
            hostAndPort = rest
            database = nil
        }
    }

    /// The query's parameters, decoded (the last of a name wins).
    var parameters: [String: String] {
        var values: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            values[PostgresLocation.decoded(parts[0])] = parts.count > 1 ? PostgresLocation.decoded(parts[1]) : ""
        }
        return values
    }
}
