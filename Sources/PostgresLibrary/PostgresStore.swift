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
    public let location: LibraryLocation
    /// Whether opening it made the library's tables (an empty database).
    public let createdFile: Bool
    /// A PostgreSQL library is never opened read-only (roles without write access fail on writes).
    public var isReadOnly: Bool { false }
    let connections: PostgresConnections
    /// The grid's change announcements (`gridAnnouncements()`), listened for once asked.
    let listener: PostgresChangeListener

    /// Connects to the database `location` names (`address`: the URL it was parsed from) and brings the
    /// library's schema up to date.
    ///
    /// - Throws: `.openDatabase` (the server cannot be reached or refuses the login),
    ///   `.notAPhotoGridDatabase` (the database holds other tables and no photogrid ledger),
    ///   `.schemaTooNew`, `.migrationFailed`.
    public init(_ location: PostgresLocation, address: String, migrations: [Migration] = Migration.embeddedPostgres,
                connections limit: Int = 4) throws(LibraryError) {
        self.location = .postgres(location, address: address)
        path = PostgresLocation.redacted(address)
        connections = try PostgresConnections(location: location, displayName: path, limit: limit)
        listener = PostgresChangeListener(connections: connections)
        createdFile = try Self.migrate(connections, migrations: migrations, path: path)
    }

    /// Applies the migrations the ledger lacks (`MigrationRunner`), in one transaction under the migration
    /// lock; returns whether the library's tables were made now.
    private static func migrate(_ connections: PostgresConnections, migrations: [Migration], path: String) throws(LibraryError) -> Bool {
        let runner = MigrationRunner(migrations: migrations, path: path)
        return try connections.withConnection { session throws(LibraryError) in
            if try runner.isCurrent(session, .postgres) { return false }
            return try session.transaction("migrating the library") { () throws(LibraryError) in try runner.applyPending(session, .postgres).made }
        }
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

