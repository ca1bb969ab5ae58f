public import PhotoLibrary
import PostgresNIO
import struct Foundation.Data

/// The PostgreSQL store of a photo library (`--db postgres://USER@HOST:PORT/DATABASE`): the library's
/// tables in a database the user owns, shared by every process that names it — several `serve` nodes,
/// thumbnail workers, one index run at a time. The schema is made by the first command that opens it
/// (Migrations/postgres, the same numbering as SQLite's), and a database holding other tables is refused.
///
/// Every method blocks its caller (statements run on a bounded pool of connections,
/// `PostgresConnections`); a connection that breaks is opened again by the next call, so a restarted
/// server is used again without restarting the process.
public final class PostgresStore: Sendable {
    /// The URL as given, its password replaced by `***`.
    public let path: String
    /// Whether opening it made the library's tables (an empty database).
    public let createdFile: Bool
    /// A PostgreSQL library is never opened read-only (roles without write access fail on writes).
    public var isReadOnly: Bool { false }
    let connections: PostgresConnections
    /// The grid's change announcements (`gridAnnouncements()`), listened for once asked.
    let listener: PostgresChangeListener

    /// The key of the advisory lock held while the schema is made or migrated ('PGrd', as SQLite's
    /// application id).
    static let migrationLock: Int64 = 1_346_859_620

    /// Connects to the database `url` names and brings the library's schema up to date.
    ///
    /// - Throws: `.openDatabase` (a bad URL, or the server cannot be reached or refuses the login),
    ///   `.notAPhotoGridDatabase` (the database holds other tables and no photogrid ledger),
    ///   `.schemaTooNew`, `.migrationFailed`.
    public init(url: String, migrations: [Migration] = Migration.embeddedPostgres, connections limit: Int = 4) throws(LibraryError) {
        let location = try PostgresLocation(url)
        path = PostgresLocation.redacted(url)
        connections = PostgresConnections(location: location, displayName: path, limit: limit)
        listener = PostgresChangeListener(connections: connections)
        createdFile = try Self.migrate(connections, migrations: migrations, path: path)
    }

    /// Applies the migrations the ledger lacks, in one transaction under the migration lock; returns
    /// whether the library's tables were made now.
    private static func migrate(_ connections: PostgresConnections, migrations: [Migration], path: String) throws(LibraryError) -> Bool {
        try connections.withConnection { session throws(LibraryError) in
            let known = migrations.map(\.name)
            // Fast path, no lock: the ledger lists every migration we know.
            if let applied = try appliedNames(session) {
                try refuseUnknown(applied, known: known, path: path)
                if known.allSatisfy(applied.contains) { return false }
            }
            return try session.transaction("migrating the library") { () throws(LibraryError) -> Bool in
                try session.execute("SELECT pg_advisory_xact_lock(\(migrationLock))", "migrating the library")
                let applied = try appliedNames(session)
                if applied == nil {
                    let tables = try session.rows("""
                        SELECT count(*) AS tables FROM pg_catalog.pg_tables WHERE schemaname = current_schema()
                        """, "migrating the library")
                    if try tables.first?.makeRandomAccess().value("tables", Int.self) ?? 0 > 0 {
                        throw .notAPhotoGridDatabase(path: path)
                    }
                }
                try refuseUnknown(applied ?? [], known: known, path: path)
                try session.execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT COLLATE "C" PRIMARY KEY, applied_at TEXT NOT NULL)
                    """, "migrating the library")
                let now = UTCTime.now().isoSeconds + "Z"
                for migration in migrations where applied?.contains(migration.name) != true {
                    do throws(LibraryError) {
                        try session.execute(PostgresQuery(unsafeSQL: script(migration.sql)), "migration \(migration.name)")
                    } catch {
                        guard case let .database(_, message) = error else { throw error }
                        throw .migrationFailed(name: migration.name, message: message)
                    }
                    try session.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (\(migration.name), \(now))",
                                        "migrating the library")
                }
                return applied == nil
            }
        }
    }

    /// `sql` (several statements) as one statement: PostgreSQL's extended protocol, which PostgresNIO
    /// speaks, takes one statement at a time, and PL/pgSQL's EXECUTE runs a script whole.
    static func script(_ sql: String) -> String {
        precondition(!sql.contains("$photogrid_"), "a migration must not contain the quote tag $photogrid_")
        return "DO $photogrid_do$ BEGIN EXECUTE $photogrid_sql$\(sql)$photogrid_sql$; END $photogrid_do$"
    }

    /// The names in `schema_migrations`, or nil when there is no such table.
    private static func appliedNames(_ session: PostgresSession) throws(LibraryError) -> Set<String>? {
        let ledger = try session.rows("SELECT to_regclass('schema_migrations') IS NOT NULL AS present", "reading schema_migrations")
        guard try ledger.first?.makeRandomAccess().value("present", Bool.self) == true else { return nil }
        var names = Set<String>()
        for row in try session.rows("SELECT name FROM schema_migrations", "reading schema_migrations") {
            names.insert(try row.makeRandomAccess().value("name", String.self))
        }
        return names
    }

    private static func refuseUnknown(_ applied: Set<String>, known: [String], path: String) throws(LibraryError) {
        let unknown = applied.subtracting(known).sorted()
        if !unknown.isEmpty { throw .schemaTooNew(path: path, unknownMigrations: unknown) }
    }

    /// Runs `body` on a pooled connection.
    func session<T>(_ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try connections.withConnection(body)
    }

    /// Runs `body` in one transaction of its own (`mode`: e.g. `ISOLATION LEVEL REPEATABLE READ`).
    func transaction<T>(_ operation: String, mode: String = "", _ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        try connections.withConnection { session throws(LibraryError) in
            try session.transaction(operation, mode: mode) { () throws(LibraryError) in try body(session) }
        }
    }

    /// Rows of one statement, decoded by `decode`.
    func fetch<T>(_ query: PostgresQuery, _ operation: String,
                  _ decode: (PostgresRandomAccessRow) throws(LibraryError) -> T) throws(LibraryError) -> [T] {
        try session { session throws(LibraryError) in
            var values: [T] = []
            for row in try session.rows(query, operation) { values.append(try decode(row.makeRandomAccess())) }
            return values
        }
    }

    /// PostgreSQL keeps its own pages sound (checksums, WAL); this checks what the library's tables
    /// must agree on: the grid's per-day counts and its rows.
    public func integrityCheck() throws(LibraryError) -> String {
        let rows = try fetch("""
            SELECT (SELECT coalesce(sum(photos), 0)::bigint FROM grid_days) AS counted,
                   (SELECT count(*) FROM photos WHERE \(unescaped: LibrarySQL.gridFilter)) AS rows
            """, "checking integrity") { row throws(LibraryError) in
            (try row.value("counted", Int.self), try row.value("rows", Int.self))
        }
        guard let (counted, present) = rows.first else { return "ok" }
        return counted == present ? "ok" : "grid_days counts \(counted) photos, the grid has \(present)"
    }

    /// PostgreSQL's announcements of grid changes by any process (NOTIFY photogrid_grid) and the
    /// listener's (re)connections; listens from the first call on.
    public func gridAnnouncements() -> GridAnnouncements? { listener.announcements }

    deinit { listener.stop() }

    /// One trivial statement, answered within `reachableTimeout` (a connection refused fails at once).
    public func checkReachable() throws(LibraryError) {
        try session { session throws(LibraryError) in
            do {
                _ = try PostgresConnections.waitFor(session.connection.query("SELECT 1", logger: PostgresConnections.logger),
                                                    closing: session.link, timeout: Self.reachableTimeout)
            } catch {
                throw .database(operation: "checking the connection", message: PostgresSession.message(of: error))
            }
        }
    }

    /// How long a health check waits for an answer.
    static let reachableTimeout: Duration = .seconds(5)

    /// Bindings of `values`, in order ($1, $2, …).
    static func binds(_ values: any PostgresDynamicTypeEncodable...) -> PostgresBindings {
        var binds = PostgresBindings(capacity: values.count)
        for value in values { binds.append(value) }
        return binds
    }
}

