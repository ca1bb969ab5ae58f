import Foundation
@testable import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Testing

/// An idle worker awaits the store's announcements, not a clock: with an idle interval of an hour, a
/// photo indexed meanwhile (the store announces the change) gets its thumbnail within seconds, and
/// cancelling its task ends the run within seconds.
@Suite struct ThumbnailWorkerWakeTests {
    @Test func anIdleWorkerWakesForNewPhotosAndForTheStop() async throws {
        let library = try LibraryThumbnailsTests.Library()
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 1), to: "a.jpg")
        try library.index()
        var worker = ThumbnailWorker(request: ThumbnailRequest(width: 100, scale: 1, jobs: 1), name: "test:1")
        worker.idleInterval = .seconds(3600)
        let opened = try PhotoGrid.Library.open(LibraryLocation(library.database))
        let finished = LockedValue<Result<ThumbnailsSummary, LibraryThumbnailsError>?>(nil)
        let frozen = worker
        let pool = BlockingPool(threads: 1)
        let work = Task {
            do throws(LibraryThumbnailsError) {
                let summary = try await frozen.run(library: opened, on: pool)
                finished.withLock { $0 = .success(summary) }
            } catch {
                finished.withLock { $0 = .failure(error) }
            }
        }
        func made() -> Int { (try? library.files("grid-100").count) ?? 0 }
        let clock = ContinuousClock()
        // The waits are long (a full test run keeps the cooperative threads busy): what they prove is that
        // the worker does not wait out its idle interval of an hour.
        func waitUntil(_ seconds: Double, _ condition: () -> Bool) async -> Bool {
            let deadline = clock.now + .seconds(seconds)
            while clock.now < deadline { if condition() { return true }; try? await Task.sleep(for: .milliseconds(20)) }
            return condition()
        }
        #expect(await waitUntil(60) { made() == 1 })
        try await Task.sleep(for: .milliseconds(500))  // idle now, for up to an hour
        let added = clock.now
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 2), to: "b.jpg")
        try library.index()
        #expect(await waitUntil(60) { made() == 2 }, "the announcement woke the worker")
        #expect(clock.now - added < .seconds(60))
        let stopped = clock.now
        work.cancel()
        #expect(await waitUntil(60) { finished.withLock { $0 } != nil })
        #expect(clock.now - stopped < .seconds(60))
        let summary = try #require(try finished.withLock { $0 }?.get())
        #expect(summary.made == 2)
    }
}
