/// A store whose statements are written once (`SQLStore+…` files) and run in its dialect: it lends
/// sessions and names what its SQL spells differently. A new SQL store implements these three ways in
/// and its dialect, and gets the rows, grid, records, claims and metadata written over them.
public protocol SQLStore: AnyObject, Sendable {
    associatedtype Session: SQLSession

    /// What the store's SQL spells its own way.
    var dialect: SQLDialect { get }

    /// Runs `body`'s read-only statements, each seeing the latest commit.
    func readStatements<T>(_ operation: String, _ body: (Session) throws(LibraryError) -> T) throws(LibraryError) -> T

    /// Runs `body`'s read-only statements on one snapshot.
    func readSnapshot<T>(_ operation: String, _ body: (Session) throws(LibraryError) -> T) throws(LibraryError) -> T

    /// Runs `body` in one write transaction, committed when it returns and rolled back when it throws.
    func writeTransaction<T>(_ operation: String, _ body: (Session) throws(LibraryError) -> T) throws(LibraryError) -> T

    /// The day holding grid position `position` and its first photo's position, on `session`'s snapshot
    /// (`SQLStore+Grid`: running sums of the per-day counts, unless the store keeps them).
    func dayStart(containing position: Int, _ session: Session) throws(LibraryError) -> (day: String, position: Int)?
    /// What `read` makes of the bytes kept under `key` (`SQLStore+Grid`: a copy, unless the store lends them in place).
    func keptLayout<T>(key: String, _ session: Session, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T?
}

/// One connection's statements; `operation` names a statement in its errors.
public protocol SQLSession {
    associatedtype Row: StoreRow

    /// The rows `sql` returns.
    func rows(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> [Row]

    /// Hands each row `sql` returns to `body`, without keeping them.
    func forEachRow(_ sql: String, _ values: [SQLValue], _ operation: String,
                    _ body: (Row) throws(LibraryError) -> Void) throws(LibraryError)

    /// Runs `sql`; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> Int
}

/// What the two dialects spell differently in statements otherwise written once.
public struct SQLDialect: Sendable {
    /// The database clock in whole Unix seconds (leases are the database's, not a machine's).
    package let now: String
    /// The function of the greatest of its arguments (`max` in SQLite, `GREATEST` in PostgreSQL).
    package let greatest: String
    /// The number of photos in the grid (SQLite keeps it in a row, Migrations/0003; PostgreSQL sums the days).
    package let gridCount: String
    /// What a claim's candidate query ends with, so that two processes claiming at once take
    /// different rows (PostgreSQL's `FOR UPDATE SKIP LOCKED`; SQLite has one writer).
    package let lockSkipping: String
    /// A statement announcing a grid change to other processes, when the store has one (PostgreSQL's
    /// NOTIFY; SQLite's watchers see the file change).
    package let announcement: String?
    /// Whether a query may name the index it must use (SQLite's `INDEXED BY`, where its planner would
    /// otherwise scan: a partial index on `media` it cannot judge by statistics).
    package let namesIndexes: Bool
    /// The columns `Photo.init(columns:)` reads, from `LibrarySQL.photoSource`.
    package var photoColumns: String { LibrarySQL.photoColumns(greatest: greatest) }
    /// The schema's ledger (`MigrationRunner`): whether it exists (`present` > 0), how many tables the
    /// database holds (`tables`), the ledger's table, the lock migrating takes inside its transaction when
    /// the transaction alone does not, and whether a migration's several statements must be run as one.
    package let ledgerPresent: String, tableCount: String, ledgerTable: String, migrationLock: String?, runsScriptsWhole: Bool

    /// ` INDEXED BY index` where the dialect names indexes, else nothing.
    package func indexedBy(_ index: String) -> String { namesIndexes ? " INDEXED BY \(index)" : "" }

    /// SQLite's.
    public static let sqlite = SQLDialect(
        now: "CAST(strftime('%s', 'now') AS INTEGER)", greatest: "max", gridCount: "SELECT photos FROM grid_size WHERE id = 1", lockSkipping: "", announcement: nil, namesIndexes: true,
        ledgerPresent: "SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
        tableCount: "SELECT count(*) AS tables FROM sqlite_master WHERE type = 'table'",
        ledgerTable: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name TEXT PRIMARY KEY NOT NULL,  -- file name in Migrations/ without .sql
                applied_at TEXT NOT NULL          -- UTC 'YYYY-MM-DDTHH:MM:SSZ'
            ) STRICT
            """,
        migrationLock: nil, runsScriptsWhole: false)

    /// PostgreSQL's.
    public static let postgres = SQLDialect(
        now: "CAST(extract(epoch from now()) AS bigint)", greatest: "GREATEST",
        gridCount: "SELECT CAST(coalesce(sum(photos), 0) AS bigint) AS photos FROM grid_days", lockSkipping: " FOR UPDATE SKIP LOCKED",
        announcement: "SELECT pg_notify('photogrid_grid', '')", namesIndexes: false,
        ledgerPresent: "SELECT CAST(count(*) AS bigint) AS present FROM (SELECT to_regclass('schema_migrations') AS ledger) AS l WHERE ledger IS NOT NULL",
        tableCount: "SELECT count(*) AS tables FROM pg_catalog.pg_tables WHERE schemaname = current_schema()",
        ledgerTable: #"CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT COLLATE "C" PRIMARY KEY, applied_at TEXT NOT NULL)"#,
        // 'PGrd', as SQLite's application id.
        migrationLock: "SELECT pg_advisory_xact_lock(1346859620)", runsScriptsWhole: true)

    /// `sql` (a migration's several statements) as the dialect runs it: PostgreSQL's extended protocol, which
    /// PostgresNIO speaks, takes one statement at a time, and PL/pgSQL's EXECUTE runs a script whole.
    package func script(_ sql: String) -> String {
        guard runsScriptsWhole else { return sql }
        precondition(!sql.contains("$photogrid_"), "a migration must not contain the quote tag $photogrid_")
        return "DO $photogrid_do$ BEGIN EXECUTE $photogrid_sql$\(sql)$photogrid_sql$; END $photogrid_do$"
    }
}

extension SQLSession {
    /// The first row `sql` returns, if any.
    package func row(_ sql: String, _ values: [SQLValue], _ operation: String) throws(LibraryError) -> Row? {
        try rows(sql, values, operation).first
    }

    /// Each row `sql` returns, decoded by `decode`.
    package func decoded<T>(_ sql: String, _ values: [SQLValue], _ operation: String,
                            _ decode: (Row) throws(LibraryError) -> T) throws(LibraryError) -> [T] {
        var decoded: [T] = []
        try forEachRow(sql, values, operation) { row throws(LibraryError) in decoded.append(try decode(row)) }
        return decoded
    }

    /// The first row `sql` (no placeholders) returns, if any.
    package func row(_ sql: String, _ operation: String) throws(LibraryError) -> Row? { try row(sql, [], operation) }

    /// Each row `sql` (no placeholders) returns, decoded by `decode`.
    package func decoded<T>(_ sql: String, _ operation: String, _ decode: (Row) throws(LibraryError) -> T) throws(LibraryError) -> [T] {
        try decoded(sql, [], operation, decode)
    }
}

extension SQLValue {
    /// `values` as placeholders `$first`, `$first+1`, … separated by commas (NULL for none: matches nothing).
    package static func placeholders(_ count: Int, from first: Int = 1) -> String {
        count == 0 ? "NULL" : (first ..< first + count).map { "$\($0)" }.joined(separator: ", ")
    }

    /// Whole numbers as an SQL list (nothing to escape; NULL for none, which matches nothing).
    package static func list(_ ids: some Collection<Int64>) -> String {
        ids.isEmpty ? "NULL" : ids.map(String.init).joined(separator: ", ")
    }
}
