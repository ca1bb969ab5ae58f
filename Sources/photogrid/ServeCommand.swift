import ArgumentParser
import Logging
import PhotoGrid
import PhotoGridServer
import PhotoGridSupport
import PhotoLibrary
import Platform

#if canImport(Glibc)
/// `RLIMIT_NOFILE` as `getrlimit` takes it (Glibc imports it as an enum case).
let RLIMIT_NOFILE_VALUE = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#endif

/// `photogrid serve [<folder>]`: the library over HTTP (docs/serve.md, "photogrid serve").
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the library over HTTP: layout, detail and zoom documents, photo pages, thumbnails made on demand, live events.",
        discussion: """
        With a folder, indexes it at start (the database defaults as for index) and serves meanwhile: \
        progress goes out as events on /api/v1/events. Without one, serves the library --db names as it is. \
        --watch follows changes of the folder (inotify) and indexes them as they come.

        Listens on 127.0.0.1:8080 unless told; --port 0 picks a free port. The first line on stdout names \
        the address. Requests must name the server in Host (loopback names, the --host address, or a \
        name given with --allow-host; 421 otherwise: this stops DNS rebinding). On another host than \
        loopback a token is required (--token-file, PHOTOGRID_TOKEN or --token), and every route but \
        /healthz then needs `Authorization: Bearer <token>`, or the cookie a browser gets by opening \
        /?token=<token> once (POST /api/v1/logout ends that session). A browser request another site's \
        page made (Sec-Fetch-Site cross-site or same-site) is refused (403) unless it is a link to the \
        page. Every request's cost is bounded before any work (8 KiB targets, 16 KiB headers, 32 column \
        items, 1,000 columns, 10,000 cells an answer: 4xx beyond), connections are capped below the \
        open-file limit (--max-connections), and thumbnails are made only in a fixed ladder of sizes (at \
        most 14 files a photo). SIGTERM or SIGINT (Ctrl-C) stops accepting, finishes the requests in \
        flight and the index batch being written, and exits 0.

        Routes: GET /api/v1/layout, /api/v1/detail/{index}, /api/v1/zoom, /api/v1/photos, /api/v1/stats, \
        /api/v1/thumbnails/{variant}/{name}.jpg, /api/v1/placeholders/{name}.jpg, /api/v1/media/{id}, \
        /api/v1/events, /api/v1/openapi.json, /healthz, / (the web gallery), and POST /api/v1/logout. \
        Query parameters are the layout flags camel-cased (rowSpacing, cellStyle, …).

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

    @Option(help: ArgumentHelp("Token required by every route but /healthz (required when --host is not loopback); visible to other users in `ps`: prefer --token-file or PHOTOGRID_TOKEN.", valueName: "token"))
    var token: String?

    @Option(help: ArgumentHelp("Read the token from this file (its first line).", valueName: "file"), transform: PathArgument.nonEmpty)
    var tokenFile: String?

    @Option(help: ArgumentHelp("Also answer requests whose Host is this name (repeatable; loopback names and the --host address are always answered).", valueName: "name"))
    var allowHost: [String] = []

    @Option(help: ArgumentHelp("The thumbnail folder (default: thumbnails next to the database; give each library in one folder its own).", valueName: "dir"),
            transform: PathArgument.nonEmpty)
    var out: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Connections held open at once; more wait until others close (default: the open-file limit less a reserve, at most 10,000).", valueName: "n"))
    var maxConnections: Int?

    @Flag(help: "Follow changes of the folder and index them as they come.")
    var watch = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads making thumbnails and reading headers (default: one per active core).", valueName: "n"))
    var jobs: Int?

    @OptionGroup var pixelLimit: PixelLimitOption

    @Option(help: ArgumentHelp("What to log on stderr: trace, debug, info (one line per request), notice, warning, error or critical.", valueName: "level"))
    var logLevel = "warning"

    @Option(parsing: .unconditional, help: ArgumentHelp("Close a connection idle for this many seconds (1 to 86,400).", valueName: "seconds"))
    var idleTimeout = 75

    func run() async throws {
        Self.raiseOpenFileLimit()
        var options = ServerOptions()
        options.host = host
        options.port = port
        options.allowedHosts = allowHost
        options.jobs = jobs
        options.watch = watch
        options.folder = folder
        options.logLevel = logLevel
        options.idleTimeout = idleTimeout
        options.thumbnailFolder = out
        options.maxConnections = maxConnections
        options.token = try Self.token(option: token, file: tokenFile, environment: DatabaseOption.processEnvironment("PHOTOGRID_TOKEN"))
        options.pixelLimit = try pixelLimit.pixels()
        try options.validate()
        // Before the library is opened or created: a refused start leaves nothing behind.
        if let problem = ListeningCheck.problem(host: host, port: port) { throw problem }
        let location = try database.location()
        let library: Library
        if let folder {
            library = try LibraryIndexing.openForIndexing(folder: folder, database: location, readers: 8)
        } else {
            library = try Library.open(location, readers: 8)
            if watch {
                guard let root = try library.store.root() else {
                    throw UsageError("--watch: the library has no folder yet (give it: photogrid serve <folder> --watch)")
                }
                options.folder = root.path
            }
        }
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "photogrid")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .warning
        // The server's tasks run on its event loops from here on (this task's next hop included).
        GalleryServer.runTasksOnEventLoops()
        try await GalleryServer.run(library: library, options: options, logger: logger) { [hasToken = options.token != nil] host, port in
            let shown = host.contains(":") ? "[\(host)]" : host
            Console.writeOutput("photogrid: serving http://\(shown):\(port)/ (Ctrl-C stops)\n")
            if hasToken {
                Console.writeOutput("photogrid: a browser opens it once as http://\(shown):\(port)/?token=<token> (it then keeps a cookie)\n")
            }
        }
    }

    /// The token from `--token`, `--token-file` (its first line) or `PHOTOGRID_TOKEN`, in that order; one
    /// of the two options at most.
    static func token(option: String?, file: String?, environment: String?) throws -> String? {
        if option != nil, file != nil { throw UsageError("give the token once: --token or --token-file") }
        if let file {
            let bytes: [UInt8]
            let shared: Bool
            do {
                let opened = try ReadOnlyFile(path: file)
                shared = try opened.isSharedWithOthers()
                bytes = try opened.readPrefix(8192)
            } catch {
                throw UsageError(option: "token-file", separator: ": ", "cannot read \(ConsoleText.escaped(file)): \(String(cString: strerror(error.errno)))")
            }
            if shared {
                Console.writeErrorLine("the token file \(file) can be read by other users (chmod 600 \(file))", label: "warning")
            }
            let line = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
            let text = String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
            guard !text.isEmpty else { throw UsageError(option: "token-file", separator: ": ", "\(ConsoleText.escaped(file)) has no token on its first line") }
            return text
        }
        if let option { return option }
        return environment.flatMap { $0.isEmpty ? nil : $0 }
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
