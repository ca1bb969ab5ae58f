/// Where the library database is: `--db`, else `$PHOTOGRID_DB`, else `photogrid.sqlite` in the
/// current directory.
public enum DatabaseLocation {
    /// The file name used when neither `--db` nor the environment names one.
    public static let defaultFileName = "photogrid.sqlite"
    /// The environment variable that overrides the default.
    public static let environmentVariable = "PHOTOGRID_DB"

    /// The database path for an optional `--db` value.
    ///
    /// - Parameter environment: looks a variable up (the command line passes the process
    ///   environment; the library never reads it itself).
    public static func resolve(_ explicit: String?, environment: (String) -> String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment(environmentVariable), !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultFileName
    }
}
