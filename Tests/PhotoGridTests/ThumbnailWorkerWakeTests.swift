import Foundation
@testable import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Testing

/// An idle worker waits on its `WakeSignal`, not on a clock: with an idle interval of a minute, a photo
/// indexed meanwhile (the store announces the change) gets its thumbnail within seconds, and `stop()`
/// ends the run within seconds.
@Suite struct ThumbnailWorkerWakeTests {
    @Test func anIdleWorkerWakesForNewPhotosAndForTheStop() throws {
        let library = try LibraryThumbnailsTests.Library()
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 1), to: "a.jpg")
        try library.index()
        var worker = ThumbnailWorker(request: ThumbnailRequest(width: 100, scale: 1, jobs: 1), name: "test:1")
        worker.idleInterval = .seconds(60)
        let wake = WakeSignal()
        let opened = try PhotoGrid.Library.open(LibraryLocation(library.database))
        let finished = LockedValue<Result<ThumbnailsSummary, LibraryThumbnailsError>?>(nil)
        let frozen = worker
        #expect(PoolThread.start {
            let result = Result { () throws(LibraryThumbnailsError) in try frozen.run(library: opened, wake: wake) }
            finished.withLock { $0 = result }
        })
        func made() -> Int { (try? library.files("grid-100").count) ?? 0 }
        let clock = ContinuousClock()
        func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
            let deadline = clock.now + .seconds(seconds)
            while clock.now < deadline { if condition() { return true }; usleep(20_000) }
            return condition()
        }
        #expect(waitUntil(10) { made() == 1 })
        usleep(500_000)  // idle now, for up to a minute
        let added = clock.now
        try library.write(try LibraryThumbnailsTests.photo(width: 64, height: 48, seed: 2), to: "b.jpg")
        try library.index()
        #expect(waitUntil(10) { made() == 2 }, "the announcement woke the worker")
        #expect(clock.now - added < .seconds(10))
        let stopped = clock.now
        wake.stop()
        #expect(waitUntil(10) { finished.withLock { $0 } != nil })
        #expect(clock.now - stopped < .seconds(10))
        let summary = try #require(try finished.withLock { $0 }?.get())
        #expect(summary.made == 2)
    }
}
