import PhotoLibrary
import GRDB

/// Brings a database's schema up to date: applies the migrations it lacks, in order, all in one
/// transaction (a new library is one commit and one sync, not one per migration: most of what a first
/// `photogrid index` of a few files cost), and records each applied name in `schema_migrations`.
///
/// A database that records a migration this binary does not know was written by a newer photogrid;
/// it is refused before anything is written. Safe against concurrent processes: the decision to
/// apply a migration is taken inside its `BEGIN IMMEDIATE` transaction, after re-reading the ledger.
struct MigrationRunner: Sendable {
    /// The known migrations, in the order they must be applied.
    var migrations: [Migration]

    /// The table that records applied migrations. Created by the runner itself (it is not a
    /// migration), in the same transaction as the first migration.
    static let createLedgerSQL = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            name TEXT PRIMARY KEY NOT NULL,  -- file name in Migrations/ without .sql
            applied_at TEXT NOT NULL          -- UTC 'YYYY-MM-DDTHH:MM:SSZ'
        ) STRICT
        """

    /// Applies the pending migrations to the database at `path` (used in messages).
    /// Returns the names it applied (empty when the schema was current).
    @discardableResult
    func migrate(_ writer: some DatabaseWriter, path: String) throws(LibraryError) -> [String] {
        let known = migrations.map(\.name)
        do {
            return try writer.writeWithoutTransaction { db throws -> [String] in
                // Fast path, no lock: the ledger already lists every migration we know.
                if let applied = try Self.appliedNames(db) {
                    try Self.refuseUnknown(applied, known: known, path: path)
                    if known.allSatisfy(applied.contains) { return [] }
                }
                return try applyPending(db, path: path)
            }
        } catch let error as LibraryError {
            throw error
        } catch let error as DatabaseError {
            throw SQLiteStore.openError(error, path: path)
        } catch {
            throw .openDatabase(path: path, message: "\(error)")
        }
    }

    /// Checks, without writing, that the database has every known migration and no unknown one
    /// (for a library opened read-only, which cannot be migrated).
    func requireCurrent(_ reader: some DatabaseReader, path: String) throws(LibraryError) {
        let applied: Set<String>
        do {
            applied = try reader.read { db in try Self.appliedNames(db) } ?? []
        } catch let error as DatabaseError {
            throw SQLiteStore.openError(error, path: path)
        } catch {
            throw .openDatabase(path: path, message: "\(error)")
        }
        try Self.refuseUnknown(applied, known: migrations.map(\.name), path: path)
        let pending = migrations.map(\.name).filter { !applied.contains($0) }
        if !pending.isEmpty { throw .readOnlyNeedsUpgrade(path: path, pendingMigrations: pending) }
    }

    /// Applies the migrations the ledger (re-read under the write lock) does not record, in order, in one
    /// immediate transaction: all of them or, when one fails, none. Returns the names it applied.
    private func applyPending(_ db: Database, path: String) throws -> [String] {
        var done: [String] = []
        try db.inTransaction(.immediate) {
            let applied = try Self.appliedNames(db)
            if applied == nil {
                // No ledger yet: refuse a database that holds someone else's tables.
                let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
                if tables > 0 { throw LibraryError.notAPhotoGridDatabase(path: path) }
            }
            try Self.refuseUnknown(applied ?? [], known: migrations.map(\.name), path: path)
            try db.execute(sql: Self.createLedgerSQL)
            let now = UTCTime.now().isoSeconds + "Z"
            for migration in migrations where applied?.contains(migration.name) != true {
                do {
                    try db.execute(sql: migration.sql)
                } catch let error as DatabaseError {
                    throw LibraryError.migrationFailed(name: migration.name, message: error.message ?? "\(error.resultCode)")
                }
                try db.execute(sql: "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                               arguments: [migration.name, now])
                done.append(migration.name)
            }
            return .commit
        }
        return done
    }

    /// The names recorded in `schema_migrations`, or nil when the table does not exist.
    static func appliedNames(_ db: Database) throws -> Set<String>? {
        let hasLedger = try Bool.fetchOne(
            db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") ?? false
        guard hasLedger else { return nil }
        return try Set(String.fetchAll(db, sql: "SELECT name FROM schema_migrations"))
    }

    /// Throws `.schemaTooNew` if `applied` holds a name that is not in `known`.
    private static func refuseUnknown(_ applied: Set<String>, known: [String], path: String) throws(LibraryError) {
        let unknown = applied.subtracting(known).sorted()
        if !unknown.isEmpty { throw .schemaTooNew(path: path, unknownMigrations: unknown) }
    }
}
