import PhotoLibrary
import Synchronization

/// PostgreSQL's client conventions, read from this process: `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`,
/// `PGSSLMODE` and `PGPASSWORD` fill what a `postgres://` address leaves out, and when it still has no
/// password, the password file (`PGPASSFILE`, else `~/.pgpass`) is looked in — ignored, with a warning, when
/// it is not a plain file or group or others may access it, as libpq does.
enum PostgresEnvironment {
    /// The library `address` names, with what the environment and the password file supply added
    /// (`PostgresDefaults`), parsed once.
    static func location(_ address: String, environment: (String) -> String?) throws(LibraryError) -> LibraryLocation {
        let defaults = PostgresDefaults(host: environment("PGHOST"), port: environment("PGPORT"), user: environment("PGUSER"),
                                        database: environment("PGDATABASE"), sslMode: environment("PGSSLMODE"),
                                        password: environment("PGPASSWORD"))
        let completed = defaults.completed(address)
        var location = try PostgresLocation(completed)
        if location.password == nil, let contents = passwordFile(environment: environment) {
            location.password = PostgresPasswordFile.password(in: contents, for: location)
        }
        return .postgres(location, address: completed)
    }

    /// The password file's text, or nil when there is none or it may not be used (said once on stderr).
    static func passwordFile(environment: (String) -> String?) -> String? {
        guard let path = environment("PGPASSFILE").flatMap({ $0.isEmpty ? nil : $0 })
                ?? environment("HOME").map({ $0 + "/.pgpass" }) else { return nil }
        switch PostgresPasswordFile.read(path: path) {
        case .none: return nil
        case .ignored(let why):
            warnOnce(why)
            return nil
        case .text(let text): return text
        }
    }

    /// Writes `warning` on stderr, once per process.
    private static func warnOnce(_ warning: String) {
        guard !warned.exchange(true, ordering: .relaxed) else { return }
        Console.writeErrorLine(warning, label: "warning")
    }

    private static let warned = Atomic<Bool>(false)
}
