import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import ServiceLifecycle

/// The library's grid kept in memory for layout requests (`GridSnapshot`): read once, read again when
/// the library's grid version changes. SQLite announces another process's commits to nothing a process
/// can wait on, so the version — one row, read on the reader pool, no thread made — is compared four
/// times a second: a change by any process (this server's index batches, a `photogrid index` beside it)
/// is followed within a quarter of a second plus the time to read the grid, and the end of this
/// server's own run at once (`LibraryIndexService` calls `refresh`). A store that announces changes
/// (PostgreSQL's NOTIFY: `LibraryStore.announcedGridChanges`) is read again when it announces one, or
/// when its listener connected again after a break; the version is then compared only every
/// `fallbackInterval`, and a change made by another process is told to the event stream's clients
/// (`library`), as several nodes on one library need. Until the new snapshot is in, requests are
/// answered from the previous one: always a grid as one committed state had it, never half of a batch.
final class GridCache: Service, Sendable {
    private let library: Library
    /// The server's reader threads (a bounded pool: no thread per check).
    private let readers: BlockingPool
    private let events: EventHub?
    private let logger: Logger
    private let current = LockedValue<GridSnapshot?>(nil)
    /// How often the grid version is compared.
    static let interval: Duration = .milliseconds(250)
    /// How often announcements are looked for (a load of a counter), for a store that makes them.
    static let announcementInterval: Duration = .milliseconds(50)
    /// How often the version is compared all the same, for a store that announces changes.
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
        guard var heard = library.store.announcedGridChanges() else {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                await refresh()
                try? await Task.sleep(for: Self.interval)
            }
            return
        }
        await refresh()
        let clock = ContinuousClock()
        var compared = clock.now
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await Task.sleep(for: Self.announcementInterval)
            let now = library.store.announcedGridChanges() ?? heard
            guard now != heard || clock.now - compared >= Self.fallbackInterval else { continue }
            heard = now
            compared = clock.now
            let before = snapshot?.version
            await refresh()
            if let after = snapshot, after.version != before { events?.publish(.library(count: after.count)) }
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
