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
    /// (the database, thumbnails and index runs go on `BlockingPool`s).
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
        let core = try GalleryCore(library: library, options: options, logger: logger)
        let (grid, thumbnails, events) = (core.grid, core.thumbnails, core.events)
        let router = core.router(logger: logger)
        events.publish(.library(count: (try? library.store.gridCount()) ?? 0))
        let app = Application(
            router: router,
            // The idle timeout is kept by ImmediateAnswerHandler, which sees every request of a connection.
            server: .galleryHTTP1(configuration: .init(idleTimeout: nil)) { [idle = options.idleTimeout] in
                core.answerHandler(idleTimeout: .seconds(Int64(idle)), logger: logger)
            },
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port), serverName: nil,
                availableConnectionsDelegate: ConnectionLimit(pressure: core.connections, logger: logger)),
            onServerRunning: { channel in onListening(options.host, channel.localAddress?.port ?? options.port) },
            logger: logger)
        var services = [ServiceGroupConfiguration.ServiceConfiguration(service: app),
                        .init(service: grid, successTerminationBehavior: .ignore),
                        .init(service: thumbnails, successTerminationBehavior: .ignore),
                        .init(service: events, successTerminationBehavior: .ignore)]
        if let folder = options.folder {
            let indexing = LibraryIndexService(library: library, folder: folder, jobs: options.jobs, watch: options.watch,
                                               events: events, thumbnails: thumbnails, grid: grid, foreground: core.foreground,
                                               runs: core.runs, logger: logger)
            services.append(.init(service: indexing, successTerminationBehavior: .ignore))
        }
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        do {
            try await group.run()
        } catch {
            await core.shutdown()
            throw error
        }
        await core.shutdown()
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
