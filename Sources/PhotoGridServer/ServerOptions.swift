public import PhotoGrid
import PhotoGridSupport

/// How `photogrid serve` listens and works, as the command line gives it (validated by `validate()`).
public struct ServerOptions: Sendable {
    /// Address to bind: 127.0.0.1 unless given.
    public var host = "127.0.0.1"
    /// TCP port; 0 picks a free one (the server prints it).
    public var port = 8080
    /// Bearer token every route but `/healthz` requires; required when the host is not loopback.
    public var token: String?
    /// Threads that make thumbnails on demand (and index); nil for one per active core.
    public var jobs: Int?
    /// Thumbnails waiting to be made beyond the running ones before a request is answered 503.
    public var queueLimit = 256
    /// The folder to index at start (and to watch); nil serves the library as it is.
    public var folder: String?
    /// Follow changes of the folder (inotify) and index them as they come.
    public var watch = false
    /// The thumbnail folder; nil for `thumbnails` beside the database.
    public var thumbnailFolder: String?
    /// The most pixels one photo's decode may hold (as `photogrid thumbs --pixel-limit`).
    public var pixelLimit: Int?
    /// `trace`, `debug`, `info` (one line per request), `notice`, `warning` (the default), `error` or `critical`.
    public var logLevel = "warning"
    /// Seconds after which a connection with nothing in progress and nothing read or written is closed.
    public var idleTimeout = 75
    /// The most connections open at once; nil for the open-file limit less a reserve (`ConnectionLimit`).
    public var maxConnections: Int?
    /// The longest `idleTimeout`: a day.
    public static let maximumIdleTimeout = 86_400

    public init() {}

    /// The log levels `logLevel` takes.
    public static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

    /// More names the server answers as `Host` (`--allow-host`), beside the address it listens on.
    public var allowedHosts: [String] = []

    /// Whether `host` is a loopback address (only this machine can connect).
    public var isLoopback: Bool { Self.isLoopback(host) }

    /// Whether `host` names a loopback address.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Checks the values; an error names the value as the library knows it (`port`), the command line
    /// prints it as its flag (`--port`), like every `UsageError`.
    public func validate() throws(UsageError) {
        guard (0...65535).contains(port) else { throw UsageError(option: "port", "must be between 0 and 65535 (got \(port))") }
        if let problem = JobCount.problem(jobs) { throw UsageError(option: "jobs", "\(problem)") }
        for name in allowedHosts where AllowedHosts.name(ofHost: name) == nil {
            throw UsageError(option: "allow-host", separator: ": ", "'\(name)' is not a host name (give a name such as photos.example.org, or an address)")
        }
        guard (1...Self.maximumIdleTimeout).contains(idleTimeout) else {
            throw UsageError(option: "idle-timeout", "must be between 1 and \(CountText.grouped(Self.maximumIdleTimeout)) seconds (got \(idleTimeout))")
        }
        if let maxConnections, !(1...1_000_000).contains(maxConnections) {
            throw UsageError(option: "max-connections", "must be between 1 and 1,000,000 (got \(maxConnections))")
        }
        guard Self.logLevels.contains(logLevel) else {
            throw UsageError(option: "log-level", separator: ": ", "'\(logLevel)' is not one of \(Self.logLevels.joined(separator: ", "))")
        }
        if let token, token.isEmpty || token.utf8.count > 4096 || token.contains(where: { $0.isWhitespace }) {
            throw UsageError("the token (\(parameter: "token"), \(parameter: "token-file") or PHOTOGRID_TOKEN) must be 1 to 4,096 characters without spaces")
        }
        if !isLoopback && token == nil {
            throw UsageError("refusing to serve on \(host) without a token: anyone who can reach it could read the library (give \(parameter: "token"), or serve on 127.0.0.1)")
        }
    }
}

