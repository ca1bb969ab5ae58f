/// What PostgreSQL's client conventions supply to an address that leaves a part out: the values of
/// libpq's `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGSSLMODE` and `PGPASSWORD`, or a password found
/// in the password file (`PostgresPasswordFile`). The front end reads them (the library never reads the
/// environment) and `completed(_:)` adds them to the address.
public struct PostgresDefaults: Sendable, Equatable {
    public var host: String?
    public var port: String?
    public var user: String?
    public var database: String?
    public var sslMode: String?
    public var password: String?

    public init(host: String? = nil, port: String? = nil, user: String? = nil, database: String? = nil,
                sslMode: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.user = user
        self.database = database
        self.sslMode = sslMode
        self.password = password
    }

    /// `url` with each part it lacks and these give added as a query parameter (`postgres:///photos` with
    /// a host and user → `postgres:///photos?host=db&user=photos`); what `url` gives is kept. Empty values
    /// count as not given, as libpq's do.
    public func completed(_ url: String) -> String {
        guard PostgresLocation.names(url), let parts = PostgresAddress(url) else { return url }
        let given = parts.parameters
        let hostGiven = !parts.hostAndPort.isEmpty && !parts.hostAndPort.hasPrefix(":")
        let portGiven = parts.hostAndPort.contains(":") && !parts.hostAndPort.hasSuffix("]")
        let missing: [(name: String, lacking: Bool, value: String?)] = [
            ("host", !hostGiven, host),
            ("port", !portGiven, port),
            ("user", parts.user?.isEmpty ?? true, user),
            ("dbname", parts.database?.isEmpty ?? true, database),
            ("sslmode", true, sslMode),
            ("password", parts.password == nil, password),
        ]
        var added: [String] = []
        for (name, lacking, value) in missing {
            guard lacking, given[name]?.isEmpty ?? true, let value, !value.isEmpty else { continue }
            added.append(name + "=" + PostgresLocation.encoded(value))
        }
        guard !added.isEmpty else { return url }
        return url + (parts.query == nil ? "?" : url.hasSuffix("&") || url.hasSuffix("?") ? "" : "&") + added.joined(separator: "&")
    }
}
