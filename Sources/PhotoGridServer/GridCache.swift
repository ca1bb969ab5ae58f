import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import ServiceLifecycle

/// The library's grid kept in memory for layout requests (`GridSnapshot`): read once, read again when
/// the library's grid version changes. The store announces changes (`LibraryStore.gridAnnouncements`:
/// SQLite's file writes seen through inotify, PostgreSQL's NOTIFY) by any process — this server's index
/// batches, a `photogrid index` beside it, another node —, and the cache waits for the next announcement
/// with no timer; then it compares the version (the grid is read again only when it moved) and tells a
/// change to the event stream's clients (`library`). While changes come, the version is compared at most
/// four times a second (`interval`); with none, only every `fallbackInterval`, in case an announcement was
/// lost. A store that announces nothing has its version compared every `interval`. The end of this
/// server's own run is read at once (`LibraryIndexService` calls `refresh`). Until the new snapshot is in,
/// requests are answered from the previous one: always a grid as one committed state had it, never half
/// of a batch.
final class GridCache: Service, Sendable {
    private let library: Library
    /// The server's reader threads (a bounded pool: no thread per check).
    private let readers: BlockingPool
    private let events: EventHub?
    private let logger: Logger
    private let current = LockedValue<GridSnapshot?>(nil)
    /// How often the grid version is compared at most while changes come (or always, for a store that
    /// announces nothing).
    static let interval: Duration = .milliseconds(250)
    /// How often the version is compared all the same when nothing is announced.
    static let fallbackInterval: Duration = .seconds(5)

    init(library: Library, readers: BlockingPool, events: EventHub? = nil, logger: Logger) {
        self.library = library
        self.readers = readers
        self.events = events
        self.logger = logger
    }

    /// The grid as last read, if it has been.
    var snapshot: GridSnapshot? { current.withLock { $0 } }

    /// The number of items in the grid: the snapshot's, else read on a reader thread (nil on failure).
    func count() async -> Int? {
        if let snapshot { return snapshot.count }
        let library = self.library
        return try? await readers.run { () throws -> Int in try library.store.gridCount() }
    }

    func run() async throws {
        guard let announcements = library.store.gridAnnouncements() else {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                await refresh()
                try? await Task.sleep(for: Self.interval)
            }
            return
        }
        var heard = announcements.count
        await refresh()
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let seen = heard
            // The next announcement, or the fallback interval; a graceful shutdown ends the wait.
            _ = await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await announcements.next(after: seen) }
                    group.addTask { try? await Task.sleep(for: Self.fallbackInterval) }
                    await group.next()
                    group.cancelAll()
                }
            }
            guard !Task.isShuttingDownGracefully else { return }
            heard = announcements.count
            let before = snapshot?.version
            await refresh()
            if let after = snapshot, after.version != before { events?.publish(.library(count: after.count)) }
            try? await Task.sleep(for: Self.interval)  // a burst of commits: at most four reads a second
        }
    }

    /// Reads the grid again when its version moved (on a reader thread: a million rows take a second).
    /// Two refreshes at once read it once each; the later one's snapshot stays.
    func refresh() async {
        let library = self.library
        let known = snapshot?.version
        do {
            let version = try await readers.run { () throws -> Int in try library.store.gridVersion() }
            guard version != known else { return }
            let fresh = try await readers.run { () throws -> GridSnapshot in try library.store.gridSnapshot() }
            current.withLock { $0 = fresh }
        } catch {
            // The database cannot be asked now (a PostgreSQL restart): the grid as last read stays, a state
            // the library had; the next check reads it again.
            logger.warning("cannot read the grid's version or rows: \(error); layouts are answered from the grid as last read")
        }
    }
}
