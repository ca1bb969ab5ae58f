import ArgumentParser
import Platform
import PhotoGrid

/// `--db FILE|URL`, shared by the commands that use a library database.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The library: a SQLite file, or postgres://USER@HOST:PORT/DATABASE.",
        discussion: "Default: $PHOTOGRID_DB if set, else photogrid.sqlite in the current directory.",
        valueName: "file|url"), transform: PathArgument.nonEmpty)
    var db: String?

    /// The path to use.
    var path: String { DatabaseLocation.resolve(db, environment: Self.processEnvironment) }

    /// A variable of the process environment (getenv: no Foundation start-up on the way).
    static func processEnvironment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
