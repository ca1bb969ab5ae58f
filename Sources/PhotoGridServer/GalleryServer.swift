public import Logging
import Hummingbird
import HTTPTypes
import NIOCore
import NIOPosix
public import PhotoGrid
import PhotoLibrary
import PhotoGridSupport
import ServiceLifecycle
import CRuntimeHooks
import UnixSignals

/// `photogrid serve`: one library over HTTP until SIGTERM or SIGINT. Routes: `docs/openapi.json`
/// (served at `/api/v1/openapi.json`); the contract in docs/serve.md, "photogrid serve".
public enum GalleryServer {
    /// Makes the server's event loops Swift Concurrency's global executor, so that a request's handler
    /// runs on the thread that read it and writes its answer there (no hop to the default pool and
    /// back: measured 1.5× the layout route's requests/s). Blocking work never runs on that executor
    /// (the database on `NIOThreadPool`s, index runs and snapshots on threads of their own).
    /// Call once, from the main thread, before the first task; false when it could not be installed
    /// (the server then runs on the default executor).
    @discardableResult
    public static func runTasksOnEventLoops() -> Bool {
        // What NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        // does, with the hook's address from C: its dlsym lookup finds nothing in a static executable.
        let hook = pg_swift_task_enqueue_global_hook()
        guard hook.pointee == nil else { return false }
        let enqueue: EnqueueGlobal = { job, _ in
            // `any()` is the current loop when called on one of the group's threads: no hop.
            MultiThreadedEventLoopGroup.singleton.any().enqueue(ExecutorJob(job))
        }
        hook.pointee = unsafeBitCast(enqueue, to: UnsafeMutableRawPointer.self)
        return true
    }

    /// The runtime's `swift_task_enqueueGlobal_hook` signature: the job and the default implementation.
    private typealias EnqueueGlobal = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Serves `library` with `options` (validated first) until a shutdown signal: stops accepting,
    /// finishes the requests in flight and the index batch being written, then returns.
    ///
    /// - Parameter onListening: called once with the bound host and port (the chosen one for port 0).
    public static func run(library: Library, options: ServerOptions, logger: Logger,
                           onListening: @escaping @Sendable (String, Int) -> Void) async throws {
        try options.validate()
        let cores = System.coreCount
        let readers = NIOThreadPool(numberOfThreads: max(2, cores))
        let makers = NIOThreadPool(numberOfThreads: options.jobs ?? cores)
        readers.start()
        makers.start()
        let events = EventHub()
        let onDemand = try ThumbnailsOnDemand(library: library, folder: options.thumbnailFolder, pixelLimit: options.pixelLimit,
                                              indexedFolder: options.folder)
        // Thumbnails someone waits for go ahead of the index run's probes.
        let foreground = ForegroundWork()
        let thumbnails = ThumbnailService(onDemand: onDemand, threads: makers, limit: (options.jobs ?? cores) + options.queueLimit,
                                          foreground: foreground, logger: logger)
        let grid = GridCache(library: library, readers: readers, events: events, logger: logger)
        let api = GalleryAPI(library: library, readers: readers, thumbnails: thumbnails, events: events, grid: grid)

        // HEAD on every GET route: the GET's status and headers, no body.
        let router = Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        let rules = AccessRules(token: options.token, hosts: AllowedHosts(bind: options.host, extra: options.allowedHosts))
        router.add(middleware: RequestGuard(rules: rules, logger: logger))
        api.addRoutes(to: router)
        // 200 while the library's database answers (a PostgreSQL server may be down; a SQLite file is here).
        router.get("/healthz") { _, _ in
            do {
                try await readers.runIfActive { () throws -> Void in try library.store.checkReachable() }
                return Response(status: .ok, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
            } catch {
                return Response(status: .serviceUnavailable, headers: [.contentType: "text/plain"],
                                body: ResponseBody(byteBuffer: ByteBuffer(string: "database unreachable: \(error)\n")))
            }
        }
        router.get("/api/v1/events") { _, _ in eventStream(events) }
        router.get("/api/v1/openapi.json") { _, _ in try embedded("docs/openapi.json", type: "application/json") }
        router.get("/") { _, _ in try embedded("Web/index.html", type: "text/html; charset=utf-8") }
        router.get("/web/:file") { _, context in
            let name = context.parameters.get("file") ?? ""
            return try embedded("Web/" + name, type: contentType(of: name))
        }

        events.publish(.library(count: (try? library.store.gridCount()) ?? 0))
        let app = Application(
            router: router,
            // The idle timeout is kept by ImmediateAnswerHandler, which sees every request of a connection.
            server: .galleryHTTP1(configuration: .init(idleTimeout: nil)) { [idle = options.idleTimeout] in
                ImmediateAnswerHandler(api: api, rules: rules, logger: logger, idleTimeout: .seconds(Int64(idle)))
            },
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in onListening(options.host, channel.localAddress?.port ?? options.port) },
            logger: logger)
        var services = [ServiceGroupConfiguration.ServiceConfiguration(service: app),
                        .init(service: grid, successTerminationBehavior: .ignore),
                        .init(service: thumbnails, successTerminationBehavior: .ignore),
                        .init(service: events, successTerminationBehavior: .ignore)]
        if let folder = options.folder {
            let indexing = LibraryIndexService(library: library, folder: folder, jobs: options.jobs, watch: options.watch,
                                               events: events, thumbnails: thumbnails, grid: grid, foreground: foreground, logger: logger)
            services.append(.init(service: indexing, successTerminationBehavior: .ignore))
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            events.finishAll()
            try? await readers.shutdownGracefully()
            try? await makers.shutdownGracefully()
            throw error
        }
        events.finishAll()
        try await readers.shutdownGracefully()
        try await makers.shutdownGracefully()
    }

    /// `/api/v1/events`: Server-Sent Events until the client goes or the server shuts down.
    static func eventStream(_ events: EventHub) -> Response {
        let stream = events.subscribe()
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                        body: ResponseBody { writer in
                            try await writer.write(ByteBuffer(string: ": photogrid events\n\n"))
                            for await event in stream.cancelOnGracefulShutdown() {
                                try await writer.write(ByteBuffer(string: event.text))
                            }
                            try await writer.finish(nil)
                        })
    }

    /// The media type of a web gallery file, by its extension.
    static func contentType(of name: String) -> String {
        if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        return "application/octet-stream"
    }

    /// A file compiled into the binary (`EmbedServerFiles`).
    static func embedded(_ path: String, type: String) throws -> Response {
        guard let text = embeddedFiles[path] else { throw APIError(.notFound, "\(path) is not in this build") }
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-cache"]
        if type.hasPrefix("text/html") { headers.append(contentsOf: RequestGuard.pageHeaders) }
        return Response(status: .ok, headers: headers,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
