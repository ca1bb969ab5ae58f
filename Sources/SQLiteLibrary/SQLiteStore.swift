public import PhotoLibrary
import GRDB
import CSQLiteShims
import struct Foundation.Data

#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

import Platform
import PhotoGridSupport

/// The SQLite store of a photo library: a GRDB `DatabasePool` in WAL mode whose schema is
/// brought up to date on open (or, when the file cannot be written, a read-only pool over a
/// current schema). A file that is not a photogrid library is refused before anything is written
/// to it. One store per database file per process; several processes may open the same file (they
/// wait for each other's write transactions instead of failing).
public final class SQLiteStore: Sendable {
    /// How `SQLiteStore.init` treats a database file that does not exist.
    public enum OpenMode: Sendable {
        /// Create an empty library (for `photogrid index`).
        case createIfMissing
        /// Fail with `.noDatabase` (for commands that only read a library).
        case existing
    }

    /// The database file path as given.
    public let path: String
    public var location: LibraryLocation { .sqliteFile(path) }
    /// The pool; its writer is the only connection that writes.
    let pool: DatabasePool
    /// The grid's days by position, per reader connection (`GridDayIndex`).
    let dayIndex = GridDayIndex()
    /// The watch on the database's files (`gridAnnouncements()`), made on the first call.
    let changeWatch = LockedValue<(asked: Bool, watch: SQLiteChangeWatch?)>((false, nil))

    /// How long a connection waits for another process's lock before failing.
    static let busyTimeoutSeconds: Double = 60

    /// Statement journals kept in memory up to 256 KiB, in one piece, before the first connection (a
    /// process-wide setting). A photo row's upsert journals ~16 pages (the row, six indexes, the grid's
    /// counts): over SQLite's 64 KiB, each went to a file in /var/tmp, thousands of writes an index run;
    /// `temp_store = MEMORY` kept them in 1 KiB pieces instead, 36 allocations a row. SQLITE_MISUSE (SQLite
    /// initialized already, by another library in the process) leaves SQLite's default: slower, not wrong.
    static let statementJournalsInMemory: Void = {
        let code = pgsqlite_set_statement_journal_spill(256 * 1024)
        assert(code == SQLITE_OK || code == SQLITE_MISUSE, "sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL): \(code)")
    }()

    /// Whether this run created the database file (so a failed run may remove it again).
    public let createdFile: Bool
    /// Whether the file was opened read-only because it cannot be written (read-only file, folder
    /// or mount): reads work, every write fails.
    public let isReadOnly: Bool

    /// Opens (or creates) the library database at `path` and applies pending migrations.
    ///
    /// What the file is, is found before anything is written to it (`DatabaseFile.inspect`): a file that is
    /// not a photogrid library is refused and left byte for byte as it was. A library that cannot be written
    /// is opened read-only (immutable when its `-shm` file is absent), without migrating it.
    ///
    /// - Parameter migrations: the schema to bring the file up to; the embedded `Migrations/` by default.
    /// - Throws: `.noDatabase` (mode `.existing`), `.openDatabase`, `.notADatabase`,
    ///   `.notAPhotoGridDatabase`, `.schemaTooNew` (the file has a migration this binary does not
    ///   know), `.readOnlyNeedsUpgrade`, `.migrationFailed`.
    /// - Parameter readers: how many connections may read at once (2 for a command; more for a process
    ///   that answers many queries at a time).
    public init(path: String, mode: OpenMode = .createIfMissing,
                migrations: [Migration] = Migration.embedded, readers: Int = 2) throws(LibraryError) {
        _ = Self.statementJournalsInMemory
        self.path = path
        var created = false
        if try DatabaseFile.inspect(path) == .missing {
            if mode == .existing { throw .noDatabase(path: path) }
            created = try Self.createLibraryFile(path)
            if !created { _ = try DatabaseFile.inspect(path) }  // another process made it first: check it
        }
        createdFile = created
        isReadOnly = !DatabaseFile.isWritable(path)
        var configuration = Configuration()
        configuration.label = "photogrid"
        configuration.readonly = isReadOnly
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        configuration.maximumReaderCount = max(1, readers)
        configuration.prepareDatabase { db in
            // Memory-mapped reads (256 MiB window): layout queries walk large index ranges, and
            // mapped pages spare a pread per page.
            try db.execute(sql: "PRAGMA mmap_size = 268435456")
            // Persistent WAL (GRDB's recipe for databases shared between processes): the -wal and
            // -shm files stay after the last connection closes (its checkpoint still merges the WAL
            // into the database file). So a later open finds them, read-only runs write nothing, and
            // an unchanged rescan syncs nothing but its one-row run record.
            guard !db.configuration.readonly else { return }
            var flag: CInt = 1
            let code = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &flag)
            guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        }
        // A read-only open goes through a URI: immutable when SQLite could not make the -shm file.
        let openPath = isReadOnly
            ? DatabaseFile.uri(path, query: DatabaseFile.needsImmutable(path) ? "immutable=1" : "mode=ro")
            : path
        do {
            pool = try Self.openPool(path: path, openPath: openPath, configuration: configuration,
                                     readOnly: isReadOnly, migrations: migrations)
        } catch {
            if createdFile { Self.removeFiles(path) }  // no half-made library is left behind
            throw error
        }
    }

    /// Opens the pool at `openPath` and migrates it (checks it is current when read-only).
    ///
    /// A process that closes the database holds an exclusive lock while it checkpoints; SQLite
    /// reports SQLITE_BUSY to an opener at that moment without waiting (sqlite.org/wal.html,
    /// "sometimes queries return SQLITE_BUSY"). Opening is retried until the busy timeout.
    private static func openPool(path: String, openPath: String, configuration: Configuration, readOnly: Bool,
                                 migrations: [Migration]) throws(LibraryError) -> DatabasePool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(Self.busyTimeoutSeconds)
        var pauseMicroseconds: UInt32 = 1000
        while true {
            do throws(LibraryError) {
                let pool: DatabasePool
                do {
                    pool = try DatabasePool(path: openPath, configuration: configuration)
                } catch let error as DatabaseError {
                    throw Self.openError(error, path: path)
                } catch {
                    throw LibraryError.openDatabase(path: path, message: "\(error)")
                }
                let runner = MigrationRunner(migrations: migrations, path: path)
                if readOnly {
                    try opening(path) { try pool.read { db in try runner.requireCurrent(SQLiteSession(db: db, opening: path), .sqlite) } }
                } else {
                    try migrate(pool, runner)
                }
                return pool
            } catch {
                guard case .databaseBusy = error, clock.now < deadline else { throw error }
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 50_000)
            }
        }
    }

    /// Creates an empty library file at `path` carrying photogrid's application id (written in
    /// rollback-journal mode, before the switch to WAL), so that it is recognised as ours from its
    /// first byte on disk. The file is made under a temporary name and linked into place, so no
    /// other process ever sees it empty. Returns false when another process created `path` first.
    static func createLibraryFile(_ path: String) throws(LibraryError) -> Bool {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { removeFiles(temporary) }
        do {
            let queue = try DatabaseQueue(path: temporary)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA application_id = \(DatabaseFile.applicationID)")
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw openError(error, path: path)
        } catch {
            throw .openDatabase(path: path, message: "\(error)")
        }
        if link(temporary, path) == 0 { return true }
        let code = errno
        if code == EEXIST { return false }
        // A file system without hard links (FAT, some FUSE mounts): rename, unless someone was quicker.
        if code == EPERM || code == EOPNOTSUPP, access(path, F_OK) != 0 {
            guard rename(temporary, path) == 0 else { throw .system(call: "rename", path: path, errno: errno) }
            return true
        }
        throw .system(call: "link", path: path, errno: code)
    }

    /// Removes the database file at `path` and the files beside it (a library this run created and must not
    /// leave behind). Close every store of it first.
    public static func removeFiles(_ path: String) {
        for file in LibraryLocation.sqliteFile(path).files { unlink(file) }
    }

    /// The `LibraryError` for a GRDB error met while opening or migrating the database at `path`.
    static func openError(_ error: DatabaseError, path: String) -> LibraryError {
        if error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
            return .databaseBusy(path: path)
        }
        return .openDatabase(path: path, message: error.message ?? "\(error.resultCode)")
    }

    /// Applies `runner`'s pending migrations, all in one immediate transaction (none when the ledger, read
    /// without a lock, is current); returns their names.
    @discardableResult
    static func migrate(_ writer: some DatabaseWriter, _ runner: MigrationRunner) throws(LibraryError) -> [String] {
        try opening(runner.path) {
            try writer.writeWithoutTransaction { db throws -> [String] in
                let session = SQLiteSession(db: db, opening: runner.path)
                if try runner.isCurrent(session, .sqlite) { return [] }
                var applied: [String] = []
                try db.inTransaction(.immediate) {
                    applied = try runner.applyPending(session, .sqlite).applied
                    return .commit
                }
                return applied
            }
        }
    }

    /// `body`'s result, its errors told as errors opening `path` (`openError`: a busy database is `.databaseBusy`).
    static func opening<T>(_ path: String, _ body: () throws -> T) throws(LibraryError) -> T {
        do {
            return try body()
        } catch let error as LibraryError {
            throw error
        } catch let error as DatabaseError {
            throw openError(error, path: path)
        } catch {
            throw .openDatabase(path: path, message: "\(error)")
        }
    }

    /// Runs `body` on a reader connection, turning GRDB errors into `.database(operation:…)`.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(LibraryError) -> T {
        try Self.typed(operation) { try pool.read(body) }
    }

    /// Runs `body` on the writer connection outside a transaction (each statement sees the latest
    /// commit), turning GRDB errors into `.database(operation:…)`.
    func readOnWriter<T>(_ operation: String, _ body: (Database) throws -> T) throws(LibraryError) -> T {
        try Self.typed(operation) { try pool.writeWithoutTransaction(body) }
    }

    /// Runs `body` inside one immediate write transaction on the writer connection.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(LibraryError) -> T {
        try Self.typed(operation) { try pool.write(body) }
    }

    /// `access`'s result; a `LibraryError` it throws as it is, any other (GRDB's) as `.database(operation:…)`.
    static func typed<T>(_ operation: String, _ access: () throws -> T) throws(LibraryError) -> T {
        do {
            return try access()
        } catch let error as LibraryError {
            throw error
        } catch {
            throw libraryError(error, operation: operation)
        }
    }

    /// A `LibraryError` for an error thrown by GRDB while doing `operation`.
    static func libraryError(_ error: any Error, operation: String) -> LibraryError {
        if let error = error as? DatabaseError {
            return .database(operation: operation, message: error.message ?? "\(error.resultCode)")
        }
        return .database(operation: operation, message: "\(error)")
    }

    /// SQLite's `PRAGMA integrity_check` verdict (`"ok"` when the file is sound).
    public func integrityCheck() throws(LibraryError) -> String {
        try read("checking integrity") { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }
}
