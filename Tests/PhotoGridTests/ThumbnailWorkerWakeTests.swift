import Foundation
@testable import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Testing

/// An idle worker awaits the store's announcements, not a clock: with an idle interval of an hour, a
/// photo indexed meanwhile (the store announces the change) gets its thumbnail within seconds, and
/// cancelling its task ends the run within seconds.
@Suite struct ThumbnailWorkerWakeTests {
    @Test func anIdleWorkerWakesForNewPhotosAndForTheStop() throws {
        let library = try LibraryThumbnailsTests.Library()
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 1), to: "a.jpg")
        try library.index()
        var worker = ThumbnailWorker(request: ThumbnailRequest(width: 100, scale: 1, jobs: 1), name: "test:1")
        worker.idleInterval = .seconds(3600)
        let opened = try PhotoGrid.Library.open(LibraryLocation(library.database))
        let finished = LockedValue<Result<ThumbnailsSummary, LibraryThumbnailsError>?>(nil)
        let frozen = worker
        let pool = BlockingPool(threads: 1)
        // The worker's task runs on a thread of its own: a full test run's synchronous tests hold the
        // cooperative threads for minutes at a time (the command line's worker has them to itself).
        let work = Task(executorPreference: ThreadTaskExecutor()) {
            do throws(LibraryThumbnailsError) {
                let summary = try await frozen.run(library: opened, on: pool)
                finished.withLock { $0 = .success(summary) }
            } catch {
                finished.withLock { $0 = .failure(error) }
            }
        }
        func made() -> Int { (try? library.files("grid-100").count) ?? 0 }
        let clock = ContinuousClock()
        // What the waits prove is that the worker does not wait out its idle interval of an hour.
        func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
            let deadline = clock.now + .seconds(seconds)
            while clock.now < deadline { if condition() { return true }; usleep(20_000) }
            return condition()
        }
        #expect(waitUntil(60) { made() == 1 })
        usleep(500_000)  // idle now, for up to an hour
        let added = clock.now
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 2), to: "b.jpg")
        try library.index()
        #expect(waitUntil(60) { made() == 2 }, "the announcement woke the worker")
        #expect(clock.now - added < .seconds(60))
        let stopped = clock.now
        work.cancel()
        #expect(waitUntil(60) { finished.withLock { $0 } != nil })
        #expect(clock.now - stopped < .seconds(60))
        let summary = try #require(try finished.withLock { $0 }?.get())
        #expect(summary.made == 2)
    }
}

/// A task executor that runs its jobs on one thread of its own (a `BlockingPool` of one).
private final class ThreadTaskExecutor: TaskExecutor {
    private let thread = BlockingPool(threads: 1)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let run: @Sendable () -> Void = { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        if !thread.submit(run) { run() }
    }
}
