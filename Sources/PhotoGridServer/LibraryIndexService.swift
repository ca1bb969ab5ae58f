import Logging
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import ServiceLifecycle
import Synchronization
import Indexing

/// Indexes the served folder: once at start, then (with `--watch`) each time the folder changes.
/// Progress goes out as `index` events and each finished run as a `library` event; queries go on
/// meanwhile (they read committed batches: the grid before or after a batch, never half of one).
struct LibraryIndexService: Service {
    let library: Library
    let folder: String
    let jobs: Int?
    let watch: Bool
    let events: EventHub
    let thumbnails: ThumbnailService
    let grid: GridCache
    /// What the run yields to, its probes and its writer (the thumbnails and placeholders someone waits for).
    let foreground: ForegroundWork
    /// The thread a run goes on (one run at a time).
    let runs: BlockingPool
    let logger: Logger

    func run() async throws {
        await indexOnce()
        guard watch else { return }
        let watcher: FolderWatcher
        do {
            // Watching walks the folder's tree (a watch per folder): blocking work, on the runs' thread.
            watcher = try await runs.run { [folder] () throws(FolderWatcher.Failure) -> FolderWatcher in try FolderWatcher(folder: folder) }
        } catch {
            logger.error("cannot watch \(folder): \(error); changes are not followed")
            return
        }
        defer { watcher.stop() }
        for await _ in watcher.changes.cancelOnGracefulShutdown() {
            await indexOnce()
        }
    }

    /// One index run; its failure is logged and announced, never fatal to the server.
    private func indexOnce() async {
        let reporter = EventProgress(events: events)
        let stopping = Atomic<Bool>(false)
        do {
            let report = try await withGracefulShutdownHandler {
                try await library.index(folder: folder, on: runs, jobs: jobs, progress: reporter,
                                        shouldStop: { stopping.load(ordering: .relaxed) }, pause: { [foreground] in foreground.yield() })
            } onGracefulShutdown: {
                stopping.store(true, ordering: .relaxed)
            }
            let s = report.summary
            if s.added + s.updated + s.moved + s.missing > 0 || s.pruned > 0 { thumbnails.forgetAll() }
            await grid.refresh()  // the run's grid is in memory before anyone is told it is done
            events.publish(.index(phase: "done", done: s.scanned, total: s.scanned))
            events.publish(.library(count: await grid.count() ?? 0))
            logger.notice("indexed \(s.scanned) photos: \(s.added) added, \(s.updated) updated, \(s.missing) missing, \(s.errors) errors")
        } catch {
            events.publish(.index(phase: "failed", done: 0, total: 0, reason: "\(error)"))
            logger.error("index of \(folder) failed: \(error)")
        }
    }
}

/// Index progress as `index` events, at most ten a second (and every phase change).
final class EventProgress: ProgressReporting {
    private let events: EventHub
    private let last = LockedValue<(phase: String, at: ContinuousClock.Instant?)>(("", nil))

    init(events: EventHub) { self.events = events }

    func update(_ progress: IndexProgress) {
        let phase = progress.phase == .walking ? "walking" : "indexing"
        let now = ContinuousClock.now
        let send = last.withLock { last -> Bool in
            if last.phase == phase, let at = last.at, now - at < .milliseconds(100), progress.done != progress.total { return false }
            last = (phase, now)
            return true
        }
        if send { events.publish(.index(phase: phase, done: progress.done, total: progress.total)) }
    }

    func finish() {}
}
