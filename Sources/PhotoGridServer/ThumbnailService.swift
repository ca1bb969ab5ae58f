import HTTPTypes
import Logging
import ServiceLifecycle
import NIOCore
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary


/// Thumbnails as the server hands them out: from memory when recently served, else found or made by
/// `ThumbnailsOnDemand` on the `--jobs` thumbnail threads (never on an event loop), one make per file
/// however many requests ask for it at once, at most `limit` waiting before a request is answered 503.
/// As a service it records what was made four times a second, and once more at shutdown.
final class ThumbnailService: Service, Sendable {
    private struct State {
        var flights: [String: Task<ByteBuffer, any Error>] = [:]
        var memory: [String: ByteBuffer] = [:]
        var memoryOrder: [String] = []
        var memoryBytes = 0
    }

    let onDemand: ThumbnailsOnDemand
    private let threads: BlockingPool
    private let limit: Int
    private let logger: Logger
    /// What an index run yields to while thumbnails (`onDemand` makes them as it) and placeholders are made.
    let foreground: ForegroundWork
    private let state = LockedValue(State())
    /// Told each time a thumbnail is made (the newest signal kept): what `run` records.
    private let made = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    /// Bytes of thumbnails kept in memory (the most recently made or read first out when full).
    static let memoryLimit = 64 << 20

    init(onDemand: ThumbnailsOnDemand, threads: BlockingPool, limit: Int, foreground: ForegroundWork, logger: Logger) {
        self.foreground = foreground
        self.logger = logger
        self.onDemand = onDemand
        self.threads = threads
        self.limit = limit
    }

    /// The JPEG bytes of thumbnail `variant`/`stem` if they are kept in memory (no waiting).
    func kept(variant: String, stem: String) -> ByteBuffer? {
        let key = variant + "/" + stem
        return state.withLock { $0.memory[key] }
    }

    /// The JPEG bytes of thumbnail `variant`/`stem`.
    func bytes(variant: String, stem: String) async throws -> ByteBuffer {
        let key = variant + "/" + stem
        enum Found { case memory(ByteBuffer), flight(Task<ByteBuffer, any Error>), full }
        let found = state.withLock { current -> Found in
            if let bytes = current.memory[key] { return .memory(bytes) }
            if let running = current.flights[key] { return .flight(running) }
            guard current.flights.count < limit else { return .full }
            let task = Task { [self] in
                defer { _ = state.withLock { $0.flights.removeValue(forKey: key) } }
                let bytes = try await threads.run { [onDemand, logger, made] () throws -> ByteBuffer in
                    let file: ThumbnailsOnDemand.File
                    do throws(ThumbnailsOnDemand.Failure) {
                        file = try onDemand.file(variant: variant, stem: stem)  // made as foreground work
                    } catch {
                        throw APIError(error)
                    }
                    if file.made {
                        logger.info("made thumbnail \(variant)/\(stem).jpg")
                        made.continuation.yield()
                    }
                    return try Self.read(file.path)
                }
                remember(bytes, as: key)
                return bytes
            }
            current.flights[key] = task
            return .flight(task)
        }
        switch found {
        case .memory(let bytes): return bytes
        case .flight(let task): return try await task.value
        case .full:
            throw APIError(.serviceUnavailable, "\(limit) thumbnails are being made; try again in a second",
                           headers: [.retryAfter: "1"])
        }
    }

    /// Records the thumbnails made, a quarter of a second after the first of a burst (one transaction for
    /// all made meanwhile); an idle server does nothing. At shutdown, what is left is recorded.
    func run() async throws {
        await withGracefulShutdownHandler {
            for await _ in made.stream {
                try? await Task.sleep(for: .milliseconds(250))
                await saveRecords()
            }
        } onGracefulShutdown: { [made] in
            made.continuation.finish()
        }
        await saveRecords()
    }

    /// Records the thumbnails made since the last time (on a maker thread: a commit waits on the disk;
    /// on the caller's once the pool has stopped, at shutdown).
    func saveRecords() async {
        let onDemand = self.onDemand
        do {
            try await threads.run { () throws in _ = try onDemand.saveRecords() }
        } catch {
            logger.error("cannot record the thumbnails made: \(error)")
        }
    }

    /// Forgets the thumbnails kept in memory (the library changed: a name may now mean nothing).
    func forgetAll() {
        state.withLock { state in
            state.memory.removeAll()
            state.memoryOrder.removeAll()
            state.memoryBytes = 0
        }
    }

    private func remember(_ bytes: ByteBuffer, as key: String) {
        state.withLock { state in
            guard state.memory[key] == nil, bytes.readableBytes <= Self.memoryLimit / 16 else { return }
            state.memory[key] = bytes
            state.memoryOrder.append(key)
            state.memoryBytes += bytes.readableBytes
            while state.memoryBytes > Self.memoryLimit, !state.memoryOrder.isEmpty {
                let oldest = state.memoryOrder.removeFirst()
                state.memoryBytes -= state.memory.removeValue(forKey: oldest)?.readableBytes ?? 0
            }
        }
    }

    /// The whole file at `path` (a thumbnail just found or made).
    static func read(_ path: String) throws -> ByteBuffer {
        do {
            return ByteBuffer(bytes: try ReadOnlyFile(path: path).readAll())
        } catch {
            throw APIError(.internalServerError, "cannot read the thumbnail: \(error.call) failed (errno \(error.errno))")
        }
    }
}
