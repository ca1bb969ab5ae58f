import ArgumentParser
import Platform
import PhotoGrid
import PhotoLibrary

/// `--db FILE|URL`, shared by the commands that use a library database.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library: a SQLite file, or postgres://USER@HOST:PORT/DATABASE.",
        discussion: """
        Default: $PHOTOGRID_DB if set, else photogrid.sqlite in the current directory. A postgres:// address takes \
        what it leaves out from PGHOST, PGPORT, PGUSER, PGDATABASE and PGSSLMODE, its password from PGPASSWORD or \
        ~/.pgpass (PGPASSFILE).
        """,
        valueName: "file|url"), transform: PathArgument.nonEmpty)
    var db: String?

    /// The library named (`--db`, else `$PHOTOGRID_DB`, else the default file), parsed once: a PostgreSQL
    /// address is completed from PostgreSQL's variables and password file (`PostgresEnvironment`) first.
    func location() throws(LibraryError) -> LibraryLocation {
        let named = DatabaseLocation.resolve(db, environment: Self.processEnvironment)
        guard PostgresLocation.names(named) else { return .sqliteFile(named) }
        return try PostgresEnvironment.location(named, environment: Self.processEnvironment)
    }

    /// A variable of the process environment (getenv: no Foundation start-up on the way).
    static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
