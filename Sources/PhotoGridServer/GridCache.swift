import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import ServiceLifecycle

/// The library's grid kept in memory for layout requests (`GridSnapshot`): read once, read again when
/// the library's grid version changes — checked four times a second, so a change by any process (this
/// server's index runs, a `photogrid index` beside it) is followed within a quarter of a second plus the
/// time to read the grid. Until the new snapshot is in, requests are answered from the previous one:
/// always a grid as one committed state had it, never half of a batch.
final class GridCache: Service, Sendable {
    private let library: Library
    private let logger: Logger
    private let current = LockedValue<GridSnapshot?>(nil)
    /// How often the grid version is compared.
    static let interval: Duration = .milliseconds(250)

    init(library: Library, logger: Logger) {
        self.library = library
        self.logger = logger
    }

    /// The grid as last read, if it has been.
    var snapshot: GridSnapshot? { current.withLock { $0 } }

    func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await refresh()
            try? await Task.sleep(for: Self.interval)
        }
    }

    /// Reads the grid again when its version moved (on a thread of its own: a million rows take a
    /// second). Two refreshes at once read it once each; the later one's snapshot stays.
    func refresh() async {
        let library = self.library
        let known = snapshot?.version
        do {
            let version = try await BlockingWork.run { () throws(LibraryError) -> Int in try library.store.gridVersion() }
            guard version != known else { return }
            let fresh = try await BlockingWork.run { () throws(LibraryError) -> GridSnapshot in try library.store.gridSnapshot() }
            current.withLock { $0 = fresh }
        } catch {
            logger.warning("cannot read the grid into memory: \(error); layouts are read from the database")
            current.withLock { $0 = nil }
        }
    }
}
