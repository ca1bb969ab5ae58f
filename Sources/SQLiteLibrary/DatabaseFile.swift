public import PhotoLibrary
#if canImport(GRDBSQLite)
import PhotoGridSupport
import GRDBSQLite
#else
import SQLite3
#endif

import Platform

/// What a database path holds, found without writing anything to it (no lock, journal, -wal or -shm
/// file is created): nothing, a photogrid library, or a file that is not ours.
///
/// A library is recognised by the application id in its SQLite header (bytes 68–71, set when
/// photogrid creates the file) or, for libraries made before the id existed, by its
/// `schema_migrations` table, read through an immutable read-only connection.
public enum DatabaseFile {
    /// The SQLite header's application id of a photogrid library: "PGrd".
    public static let applicationID: UInt32 = 0x5047_7264

    /// What the path holds.
    public enum Kind: Sendable, Equatable {
        /// No file.
        case missing
        /// A photogrid library.
        case library
    }

    /// Classifies the file at `path`.
    ///
    /// - Throws: `.notADatabase` for an empty or non-SQLite file, `.notAPhotoGridDatabase` for
    ///   another program's SQLite database, `.openDatabase` when the file cannot be read.
    public static func inspect(_ path: String) throws(LibraryError) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return .missing }
            throw .openDatabase(path: path, message: String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw .openDatabase(path: path, message: "it is a folder")
        }
        let header = try readHeader(path)
        if header.isEmpty { throw .notADatabase(path: path, reason: "it is an empty file") }
        let magic = Array("SQLite format 3\0".utf8)
        guard header.count >= 100, Array(header.prefix(16)) == magic else {
            throw .notADatabase(path: path, reason: "it is not an SQLite database")
        }
        let id = header[68...71].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if id == applicationID { return .library }
        // Older libraries carry no application id: look for the migration ledger, reading the file
        // alone (immutable) so that nothing is created beside it.
        if try hasMigrationLedger(path, immutable: true) { return .library }
        // A library whose last writer crashed may have its schema in the -wal only; read it through
        // the WAL when both its files exist (a read-only connection then creates nothing).
        let isWALMode = header[18] == 2
        if isWALMode, access(path + "-wal", F_OK) == 0, access(path + "-shm", F_OK) == 0,
           try hasMigrationLedger(path, immutable: false) {
            return .library
        }
        throw .notAPhotoGridDatabase(path: path)
    }

    /// Whether this process can write the database at `path`: the file, and its `-wal`/`-shm`
    /// files or the folder to create them in (false for a read-only file, folder or mount).
    public static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        if access(path + "-wal", W_OK) == 0 && access(path + "-shm", W_OK) == 0 { return true }
        let folder = path.lastIndex(of: "/").map { path[...$0] }.map(String.init) ?? "."
        return access(folder, W_OK) == 0
    }

    /// Whether a read-only connection must open `path` immutable: its `-shm` file is absent and
    /// cannot be created, so SQLite could not coordinate with writers (none can exist then).
    static func needsImmutable(_ path: String) -> Bool {
        access(path + "-shm", R_OK) != 0 || access(path + "-wal", R_OK) != 0
    }

    /// A `file:` URI for `path` with `query` (percent-encoding every byte but unreserved ones and `/`).
    static func uri(_ path: String, query: String) -> String {
        var text = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                text += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return text + "?" + query
    }

    /// The first 100 bytes of the file (fewer when it is shorter).
    private static func readHeader(_ path: String) throws(LibraryError) -> [UInt8] {
        do { return try ReadOnlyFile(path: path).read(100, at: 0) } catch {
            throw .system(call: error.call, path: path, errno: error.errno)
        }
    }

    /// Whether the database at `path` has a `schema_migrations` table, read through a read-only
    /// connection (immutable: the file alone, no locks, no -shm).
    private static func hasMigrationLedger(_ path: String, immutable: Bool) throws(LibraryError) -> Bool {
        var connection: OpaquePointer?
        let name = uri(path, query: immutable ? "immutable=1" : "mode=ro")
        let code = sqlite3_open_v2(name, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        defer { sqlite3_close_v2(connection) }
        guard code == SQLITE_OK else {
            throw .openDatabase(path: path, message: "sqlite3_open_v2: " + String(cString: sqlite3_errstr(code)))
        }
        var statement: OpaquePointer?
        let sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK else {
            throw .openDatabase(path: path, message: "sqlite3_prepare_v2: " + String(cString: sqlite3_errmsg(connection)))
        }
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let step: throw .openDatabase(path: path, message: "sqlite3_step: " + String(cString: sqlite3_errstr(step)))
        }
    }
}
