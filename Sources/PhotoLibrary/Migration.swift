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
    public static let embedded: [Migration] = embedded(folder: "")

    /// The PostgreSQL migrations, `Migrations/postgres/*.sql`: the same names (one numbering: a library
    /// at migration N has the same tables in both stores), PostgreSQL's dialect.
    public static let embeddedPostgres: [Migration] = embedded(folder: "postgres/")

    /// The embedded `.sql` files directly in `folder` (`""`: the top), in file-name order.
    private static func embedded(folder: String) -> [Migration] {
        embeddedFiles.keys.sorted().compactMap { file in
            guard file.hasPrefix(folder), file.hasSuffix(".sql"), !file.dropFirst(folder.count).contains("/"),
                  let sql = embeddedFiles[file] else { return nil }
            return Migration(name: String(file.dropFirst(folder.count).dropLast(4)), sql: sql)
        }
    }
}
