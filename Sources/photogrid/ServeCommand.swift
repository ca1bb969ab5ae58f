import ArgumentParser
#if canImport(Glibc)
import Glibc
/// `RLIMIT_NOFILE` as `getrlimit` takes it (Glibc imports it as an enum case).
let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#endif
import Dispatch
import Logging
import PhotoGrid
import PhotoGridServer
import PhotoGridSupport
import PhotoLibrary

/// `photogrid serve [<folder>]`: the library over HTTP (docs/serve.md, "photogrid serve").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library over HTTP: layout, detail and zoom documents, photo pages, thumbnails made on demand, live events.",
        discussion: """
        With a folder, indexes it at start (the database defaults as for index) and serves meanwhile: \
        progress goes out as events on /api/v1/events. Without one, serves the library --db names as it is. \
        --watch follows changes of the folder (inotify) and indexes them as they come.

        Listens on 127.0.0.1:8080 unless told; --port 0 picks a free port. The first line on stdout names \
        the address. On another host than loopback a --token is required, and every route but /healthz \
        then needs `Authorization: Bearer <token>`. SIGTERM or SIGINT (Ctrl-C) stops accepting, finishes \
        the requests in flight and the index batch being written, and exits 0.

        Routes: GET /api/v1/layout, /api/v1/detail/{index}, /api/v1/zoom, /api/v1/photos, /api/v1/stats, \
        /api/v1/thumbnails/{variant}/{name}.jpg, /api/v1/events, /api/v1/openapi.json, /healthz, and / \
        (the web gallery). Query parameters are the layout flags camel-cased (rowSpacing, cellStyle, …).

        Examples:
          photogrid serve ~/Pictures
          photogrid serve --db photogrid.sqlite --port 0
        """)

    @Argument(help: ArgumentHelp("The folder to index and serve (default: the library's own folder, as it is).", valueName: "folder"),
              transform: PathArgument.nonEmpty)
    var folder: String?

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("Address to listen on.", valueName: "host"))
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: ArgumentHelp("TCP port (0: a free one, printed).", valueName: "port"))
    var port = 8080

    @Option(help: ArgumentHelp("Bearer token required by every route but /healthz (required when --host is not loopback).", valueName: "token"))
    var token: String?

    @Flag(help: "Follow changes of the folder and index them as they come.")
    var watch = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads making thumbnails and reading headers (default: one per active core).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var pixelLimit: PixelLimitOption

    @Option(help: ArgumentHelp("What to log on stderr: trace, debug, info (one line per request), notice, warning, error or critical.", valueName: "level"))
    var logLevel = "warning"

    @Option(parsing: .unconditional, help: ArgumentHelp("Close a connection idle for this many seconds (1 to 86,400).", valueName: "seconds"))
    var idleTimeout = 75

    func run() throws {
        Self.raiseOpenFileLimit()
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.token = token
        options.jobs = jobs
        options.watch = watch
        options.folder = folder
        options.logLevel = logLevel
        options.idleTimeout = idleTimeout
        let path = database.path
        try usage {
            options.pixelLimit = try pixelLimit.pixels()
            try options.validate()
        }
        let library = try exitingOnFatalError { () throws -> Library in
            if let folder { return try LibraryIndexing.openForIndexing(folder: folder, database: path, readers: 8) }
            let library = try Library.open(path, readers: 8)
            if watch {
                guard let root = try library.store.root() else {
                    throw UsageError("--watch: the library has no folder yet (give it: photogrid serve <folder> --watch)")
                }
                options.folder = root.path
            }
            return library
        }
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "photogrid")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        let finished = DispatchSemaphore(value: 0)
        let outcome = LockedValue<(any Error)?>(nil)
        GalleryServer.runTasksOnEventLoops()
        Task {
            do {
                try await GalleryServer.run(library: library, options: options, logger: logger) { host, port in
                    let shown = host.contains(":") ? "[\(host)]" : host
                    Console.writeOutput("photogrid: serving http://\(shown):\(port)/ (Ctrl-C stops)\n")
                }
            } catch {
                outcome.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = outcome.withLock({ $0 }) {
            try exitingOnFatalError { throw error }
        }
    }

    /// Raises the soft limit on open files to the hard one: every connection is a file descriptor, and the
    /// usual soft limit (1,024) would refuse clients long before the machine runs short.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(RLIMIT_NOFILE_VALUE, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(RLIMIT_NOFILE_VALUE, &limit)
    }
}

