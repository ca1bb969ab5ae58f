import PhotoGridSupport
import ServiceLifecycle

/// The server's event fan-out: every `/api/v1/events` stream subscribes; an index run publishes.
/// A slow client loses old progress events (each stream buffers the newest 64), never blocks the
/// publisher. As a service it sends a keep-alive comment every 30 seconds, for the proxies and clients
/// that drop a silent stream (the server's own idle timeout does not close a response in progress).
/// At most `limit` streams are open: a new one ends the oldest (its client reconnects), so streams
/// never hold every connection the server takes.
final class EventHub: Service, Sendable {
    let limit: Int
    private struct State {
        var next = 0
        var streams: [Int: AsyncStream<ServerEvent>.Continuation] = [:]
        /// The latest `index` and `library` events, replayed to a new subscriber.
        var lastIndex: ServerEvent?
        var lastLibrary: ServerEvent?
    }
    private let state = LockedValue(State())

    init(limit: Int = .max) { self.limit = max(1, limit) }

    /// A stream of the events from now on, starting with the latest index progress and grid size.
    func subscribe() -> AsyncStream<ServerEvent> {
        let (stream, continuation) = AsyncStream<ServerEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let (id, oldest) = state.withLock { state -> (Int, AsyncStream<ServerEvent>.Continuation?) in
            let id = state.next
            state.next += 1
            var oldest: AsyncStream<ServerEvent>.Continuation?
            if state.streams.count >= limit, let first = state.streams.keys.min() { oldest = state.streams.removeValue(forKey: first) }
            state.streams[id] = continuation
            if let last = state.lastIndex { continuation.yield(last) }
            if let last = state.lastLibrary { continuation.yield(last) }
            return (id, oldest)
        }
        oldest?.finish()  // outside the lock: its termination handler takes it
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `event` to every subscriber.
    func publish(_ event: ServerEvent) {
        let streams = state.withLock { state in
            switch event {
            case .index: state.lastIndex = event
            case .library: state.lastLibrary = event
            case .keepAlive: break
            }
            return Array(state.streams.values)
        }
        for stream in streams { stream.yield(event) }
    }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            // Cancelled at once by a shutdown, so that it never holds one up.
            guard (try? await cancelWhenGracefulShutdown({ try await Task.sleep(for: .seconds(30)) })) != nil else { return }
            publish(.keepAlive)
        }
    }

    /// Ends every stream (the server is shutting down).
    func finishAll() {
        let streams = state.withLock { state in
            let all = Array(state.streams.values)
            state.streams.removeAll()
            return all
        }
        for stream in streams { stream.finish() }
    }

    /// The latest index progress published, if any.
    var lastIndex: ServerEvent? { state.withLock { $0.lastIndex } }
}
