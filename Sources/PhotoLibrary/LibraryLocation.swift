/// Where a library is kept, parsed once from a `--db` value: a SQLite file, or a PostgreSQL database
/// (`postgres://…`). It knows the files a SQLite library keeps beside its database and the thumbnail folder
/// a library uses when none is given, so that nothing above the stores spells SQLite's file names.
public enum LibraryLocation: Sendable, Equatable {
    /// A SQLite database file (its path as given).
    case sqliteFile(String)
    /// A PostgreSQL database, and its address as given.
    case postgres(PostgresLocation, address: String)

    /// The location `text` names; a `postgres://` address that does not parse is a `LibraryError`.
    public init(_ text: String) throws(LibraryError) {
        self = PostgresLocation.names(text) ? .postgres(try PostgresLocation(text), address: text) : .sqliteFile(text)
    }

    /// SQLite's endings for the files beside a database: its write-ahead log, shared memory and rollback journal.
    package static let sqliteSideSuffixes = ["-wal", "-shm", "-journal"]

    /// The files the library keeps on this machine: a SQLite database and the files beside it; none for PostgreSQL.
    public var files: [String] {
        guard case .sqliteFile(let path) = self else { return [] }
        return [path] + Self.sqliteSideSuffixes.map { path + $0 }
    }

    /// Whether a file named `name` is one a SQLite library writes (a database `*.sqlite` or `*.db`, or a file
    /// beside one): what a watch of a folder that may hold a library leaves alone.
    public static func isSQLiteFileName(_ name: String) -> Bool {
        name.hasSuffix(".sqlite") || name.hasSuffix(".db") || sqliteSideSuffixes.contains { name.hasSuffix($0) }
    }

    /// The name of the default thumbnail folder, next to a SQLite database.
    public static let thumbnailFolderName = "thumbnails"
    /// Where PostgreSQL libraries' default thumbnail folders live: kept across reboots, one per machine.
    private static let postgresThumbnailRoot = "/var/tmp/photogrid"

    /// The thumbnail folder when none is given: `thumbnails` in a SQLite database's folder (`photogrid.sqlite` →
    /// `thumbnails`, `/data/lib.sqlite` → `/data/thumbnails`); for PostgreSQL, one folder per database on this
    /// machine, which every command, `serve` node and `worker` on it finds without options
    /// (`postgres://u@db:5432/photos` → `/var/tmp/photogrid/db-5432-photos/thumbnails`).
    public var defaultThumbnailFolder: String {
        switch self {
        case .sqliteFile(let path):
            guard let slash = path.lastIndex(of: "/") else { return Self.thumbnailFolderName }
            return String(path[...slash]) + Self.thumbnailFolderName
        case .postgres(let location, _):
            let host = location.socketFolder.map { _ in "local" } ?? location.host
            let name = [host, String(location.port), location.database].joined(separator: "-")
                .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" }
            return "\(Self.postgresThumbnailRoot)/\(String(name))/\(Self.thumbnailFolderName)"
        }
    }
}
