import Hummingbird
import Logging
import NIOCore
import PhotoGrid
import PhotoGridSupport

/// The server's long-lived core, made once per server: its three bounded thread pools (`readers` for the
/// database, `makers` for thumbnails, `runs` for index runs, one at a time), the grid in memory, the thumbnail service, the event hub, the API
/// over them and the access rules. The router (`router(logger:)`) and each connection's answers from
/// memory (`answerHandler(idleTimeout:logger:)`) are made from it, so both read the same routes
/// (`GalleryRoute`) and the same rules (`AccessRules`); `PhotoGridServerTests` makes one in process.
struct GalleryCore: Sendable {
    let readers: BlockingPool
    let makers: BlockingPool
    let runs: BlockingPool
    let events: EventHub
    let grid: GridCache
    let thumbnails: ThumbnailService
    let duplicates: DuplicatesService
    /// Thumbnails and placeholders someone waits for go ahead of the index run (its probes and its writer).
    let foreground: ForegroundWork
    let api: GalleryAPI
    let rules: AccessRules
    /// The connections open against `--max-connections`.
    let connections: ConnectionPressure

    /// The core for serving `library` with `options` (validated by the caller); its pools start threads as
    /// work arrives.
    init(library: Library, options: ServerOptions, logger: Logger) throws {
        let cores = System.coreCount
        readers = BlockingPool(threads: max(2, cores))
        makers = BlockingPool(threads: options.jobs ?? cores)
        runs = BlockingPool(threads: 1)
        connections = ConnectionPressure(maximum: options.maxConnections ?? ConnectionLimit.defaultMaximum(jobs: options.jobs ?? cores))
        // Event streams are long-lived: at most a quarter of the connections (a new one ends the oldest).
        events = EventHub(limit: max(2, connections.maximum / 4))
        foreground = ForegroundWork()
        let onDemand = try ThumbnailsOnDemand(library: library, folder: options.thumbnailFolder, pixelLimit: options.pixelLimit,
                                              indexedFolder: options.folder, foreground: foreground)
        thumbnails = ThumbnailService(onDemand: onDemand, threads: makers, limit: (options.jobs ?? cores) + options.queueLimit,
                                      foreground: foreground, logger: logger)
        grid = GridCache(library: library, readers: readers, events: events, logger: logger)
        rules = AccessRules(token: options.token, hosts: AllowedHosts(bind: options.host, extra: options.allowedHosts))
        duplicates = DuplicatesService(library: library, readers: readers, jobs: max(1, (options.jobs ?? cores) / 2), logger: logger)
        api = GalleryAPI(library: library, readers: readers, thumbnails: thumbnails, duplicates: duplicates, events: events, grid: grid,
                         sessions: rules.sessions, mediaStreams: MediaStreamSlots(connections: connections.maximum), healthLogger: logger)
    }

    /// The router: the access rules, the request log and JSON errors (`RequestGuard`) before every route
    /// of the table; HEAD on every GET route (the GET's status and headers, no body).
    func router(logger: Logger) -> Router<GalleryRequestContext> {
        let router = Router(context: GalleryRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestGuard(rules: rules, logger: logger))
        api.addRoutes(to: router)
        return router
    }

    /// A connection's handler of the answers ready in memory, behind the same rules.
    func answerHandler(idleTimeout: TimeAmount, logger: Logger) -> ImmediateAnswerHandler {
        ImmediateAnswerHandler(api: api, rules: rules, logger: logger, idleTimeout: idleTimeout, pressure: connections)
    }

    /// Ends the event streams and stops the pools once their work is done.
    func shutdown() async {
        events.finishAll()
        await duplicates.shutdown()
        await runs.shutdown()
        await readers.shutdown()
        await makers.shutdown()
    }
}
