/// One schema migration: a file of `Migrations/`, compiled into this module at build time.
public struct Migration: Sendable, Equatable {
    /// The file name without `.sql`, e.g. `0001_create_photos`; recorded in `schema_migrations`.
    public var name: String
    /// The SQL text, executed as one script inside one transaction.
    public var sql: String

    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }

    /// The migrations of `Migrations/*.sql`, embedded by the EmbedMigrations build plugin, in
    /// file-name order. The binary never reads them from disk.
    public static let embedded: [Migration] = embeddedFiles.keys.sorted().compactMap { file in
        guard file.hasSuffix(".sql"), let sql = embeddedFiles[file] else { return nil }
        return Migration(name: String(file.dropLast(4)), sql: sql)
    }
}
