import Hummingbird
import Logging
import NIOCore
import NIOPosix
import PhotoGrid
import PhotoGridSupport

/// The server's long-lived core, made once per server: the two bounded thread pools (`readers` for the
/// database, `makers` for thumbnails), the grid in memory, the thumbnail service, the event hub, the API
/// over them and the access rules. The router (`router(logger:)`) and each connection's answers from
/// memory (`answerHandler(idleTimeout:logger:)`) are made from it, so both read the same routes
/// (`GalleryRoute`) and the same rules (`AccessRules`); `PhotoGridServerTests` makes one in process.
struct GalleryCore: Sendable {
    let readers: NIOThreadPool
    let makers: NIOThreadPool
    let events: EventHub
    let grid: GridCache
    let thumbnails: ThumbnailService
    /// Thumbnails someone waits for go ahead of the index run's probes.
    let foreground: ForegroundWork
    let api: GalleryAPI
    let rules: AccessRules

    /// The core for serving `library` with `options` (validated by the caller); its pools are started.
    init(library: Library, options: ServerOptions, logger: Logger) throws {
        let cores = System.coreCount
        readers = NIOThreadPool(numberOfThreads: max(2, cores))
        makers = NIOThreadPool(numberOfThreads: options.jobs ?? cores)
        readers.start()
        makers.start()
        events = EventHub()
        let onDemand = try ThumbnailsOnDemand(library: library, folder: options.thumbnailFolder, pixelLimit: options.pixelLimit,
                                              indexedFolder: options.folder)
        foreground = ForegroundWork()
        thumbnails = ThumbnailService(onDemand: onDemand, threads: makers, limit: (options.jobs ?? cores) + options.queueLimit,
                                      foreground: foreground, logger: logger)
        grid = GridCache(library: library, readers: readers, events: events, logger: logger)
        api = GalleryAPI(library: library, readers: readers, thumbnails: thumbnails, events: events, grid: grid)
        rules = AccessRules(token: options.token, hosts: AllowedHosts(bind: options.host, extra: options.allowedHosts))
    }

    /// The router: the access rules, the request log and JSON errors (`RequestGuard`) before every route
    /// of the table; HEAD on every GET route (the GET's status and headers, no body).
    func router(logger: Logger) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestGuard(rules: rules, logger: logger))
        api.addRoutes(to: router)
        return router
    }

    /// A connection's handler of the answers ready in memory, behind the same rules.
    func answerHandler(idleTimeout: TimeAmount, logger: Logger) -> ImmediateAnswerHandler {
        ImmediateAnswerHandler(api: api, rules: rules, logger: logger, idleTimeout: idleTimeout)
    }

    /// Ends the event streams and stops the pools once their work is done.
    func shutdown() async {
        events.finishAll()
        try? await readers.shutdownGracefully()
        try? await makers.shutdownGracefully()
    }
}
