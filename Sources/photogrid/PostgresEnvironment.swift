import PhotoLibrary
import Synchronization

/// PostgreSQL's client conventions, read from this process: `PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`,
/// `PGSSLMODE` and `PGPASSWORD` fill what a `postgres://` address leaves out, and when it still has no
/// password, the password file (`PGPASSFILE`, else `~/.pgpass`) is looked in — ignored, with a warning, when
/// it is not a plain file or group or others may access it, as libpq does.
enum PostgresEnvironment {
    /// `address` with what the environment and the password file supply added (`PostgresDefaults`).
    static func completed(_ address: String, environment: (String) -> String?) -> String {
        let defaults = PostgresDefaults(host: environment("PGHOST"), port: environment("PGPORT"), user: environment("PGUSER"),
                                        database: environment("PGDATABASE"), sslMode: environment("PGSSLMODE"),
                                        password: environment("PGPASSWORD"))
        let completed = defaults.completed(address)
        guard let location = try? PostgresLocation(completed), location.password == nil,
              let contents = passwordFile(environment: environment),
              let password = PostgresPasswordFile.password(in: contents, for: location) else { return completed }
        return PostgresDefaults(password: password).completed(completed)
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

    /// Writes `warning` on stderr, once per process (a command may resolve its address more than once).
    private static func warnOnce(_ warning: String) {
        guard !warned.exchange(true, ordering: .relaxed) else { return }
        Console.writeErrorLine(warning, label: "warning")
    }

    private static let warned = Atomic<Bool>(false)
}
