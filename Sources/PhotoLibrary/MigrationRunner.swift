/// Brings a library's schema up to date, written once for both stores: the migrations its ledger
/// (`schema_migrations`) lacks are applied in order inside the caller's one write transaction (a new
/// library is one commit), each name recorded as it is.
///
/// A ledger naming a migration this binary does not know was written by a newer photogrid: refused before
/// anything is written. Safe against concurrent processes: `applyPending` re-reads the ledger under the
/// store's write lock (SQLite's `BEGIN IMMEDIATE`, PostgreSQL's advisory lock, `SQLDialect.migrationLock`).
package struct MigrationRunner: Sendable {
    /// The known migrations, in the order they must be applied.
    package let migrations: [Migration]
    /// The library as messages name it.
    package let path: String

    package init(migrations: [Migration], path: String) { (self.migrations, self.path) = (migrations, path) }

    /// Whether the ledger lists every known migration (read without a lock); throws for an unknown one.
    package func isCurrent(_ session: some SQLSession, _ dialect: SQLDialect) throws(LibraryError) -> Bool {
        guard let applied = try appliedNames(session, dialect) else { return false }
        try refuseUnknown(applied)
        return migrations.allSatisfy { applied.contains($0.name) }
    }

    /// Checks, without writing, that the ledger has every known migration and no unknown one (a library
    /// opened read-only cannot be migrated).
    package func requireCurrent(_ session: some SQLSession, _ dialect: SQLDialect) throws(LibraryError) {
        let applied = try appliedNames(session, dialect) ?? []
        try refuseUnknown(applied)
        let pending = migrations.map(\.name).filter { !applied.contains($0) }
        if !pending.isEmpty { throw .readOnlyNeedsUpgrade(path: path, pendingMigrations: pending) }
    }

    /// Applies the migrations the ledger, re-read under the write lock, does not record, inside the caller's
    /// write transaction. Returns their names, and whether the library's tables were made now.
    package func applyPending(_ session: some SQLSession, _ dialect: SQLDialect) throws(LibraryError) -> (applied: [String], made: Bool) {
        let operation = "migrating the library"
        if let lock = dialect.migrationLock { try session.execute(lock, [], operation) }
        let applied = try appliedNames(session, dialect)
        // No ledger yet: refuse a database that holds someone else's tables.
        if applied == nil, try session.row(dialect.tableCount, operation)?.int64("tables") ?? 0 > 0 { throw .notAPhotoGridDatabase(path: path) }
        try refuseUnknown(applied ?? [])
        try session.execute(dialect.ledgerTable, [], operation)
        let now = UTCTime.now().isoSeconds + "Z"
        var done: [String] = []
        for migration in migrations where applied?.contains(migration.name) != true {
            do throws(LibraryError) {
                try session.execute(dialect.script(migration.sql), [], "migration \(migration.name)")
            } catch {
                switch error {
                case .database(_, let message), .openDatabase(_, let message): throw .migrationFailed(name: migration.name, message: message)
                default: throw error
                }
            }
            try session.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)", [.text(migration.name), .text(now)], operation)
            done.append(migration.name)
        }
        return (done, applied == nil)
    }

    /// The names the ledger records, or nil when there is no ledger.
    func appliedNames(_ session: some SQLSession, _ dialect: SQLDialect) throws(LibraryError) -> Set<String>? {
        guard try session.row(dialect.ledgerPresent, "reading schema_migrations")?.int64("present") ?? 0 > 0 else { return nil }
        return Set(try session.decoded(LibrarySQL.appliedMigrations, "reading schema_migrations") { row throws(LibraryError) in
            try row.string("name").notNull("name")
        })
    }

    /// Throws `.schemaTooNew` if `applied` holds a name this binary does not know.
    private func refuseUnknown(_ applied: Set<String>) throws(LibraryError) {
        let unknown = applied.subtracting(migrations.map(\.name)).sorted()
        if !unknown.isEmpty { throw .schemaTooNew(path: path, unknownMigrations: unknown) }
    }
}
