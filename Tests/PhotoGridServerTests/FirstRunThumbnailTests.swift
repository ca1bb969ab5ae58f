import Foundation
@testable import PhotoGrid
@testable import PhotoGridServer
import Thumbnails
import Platform
import PhotoLibrary
import PhotoGridSupport
import Testing
import TestSupport

/// A server's first index run of a never-seen folder: the photos of the batches already committed have
/// thumbnails at once (the library records its folder only when the run completes), and the run's probes
/// wait while work a person waits for runs (`IndexOptions.pause`, `ForegroundWork`).
@Suite struct FirstRunThumbnailTests {
    /// A first run held inside its pause hook after `committed` files, on one probing thread; `body` runs
    /// while it is held, once `committed` rows are in the database.
    static func duringFirstRun(files: Int, committed: Int,
                               _ body: (LibraryFolders, PhotoGrid.Library) throws -> Void) throws {
        let fixture = try LibraryFolders()
        for k in 0..<files {
            try fixture.write(TinyJPEG.numbered(k), to: "p\(k).jpg")
        }
        let library = try PhotoGrid.Library.openOrCreate(LibraryLocation(fixture.database))
        let held = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let probes = LockedValue(0)
        let folder = fixture.photos.path
        let run = Thread {
            _ = try? LibraryIndexing.index(library: library, folder: folder, jobs: 1, pause: {
                let count = probes.withLock { $0 += 1; return $0 }
                if count == committed + 1 { held.signal(); release.wait() }
            })
            held.signal()
        }
        run.start()
        defer { release.signal(); held.wait() }
        held.wait()
        // The rows probed so far are committed within the batch interval (250 ms).
        let deadline = Date(timeIntervalSinceNow: 10)
        while try library.store.gridCount() < committed, Date() < deadline { usleep(20_000) }
        try body(fixture, library)
    }

    @Test func thumbnailsOfCommittedPhotosAreServedBeforeTheRunCompletes() throws {
        try Self.duringFirstRun(files: 6, committed: 3) { fixture, library in
            #expect(try library.store.gridCount() == 3)
            #expect(try library.store.root() == nil, "the run has not completed")
            let photo = try #require(try library.store.photos().first)
            let stem = try #require(photo.contentKey)
            // As a server built before this change answered: nothing, for want of the folder.
            let unaware = try ThumbnailsOnDemand(library: library, folder: fixture.thumbnails)
            #expect(throws: ThumbnailsOnDemand.Failure.notFound("no photo has the thumbnail name '\(stem)'")) {
                try unaware.file(variant: "grid-387", stem: stem)
            }
            let served = try ThumbnailsOnDemand(library: library, folder: fixture.thumbnails, indexedFolder: fixture.photos.path)
            let file = try served.file(variant: "grid-387", stem: stem)
            #expect(file.made)
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func probesWaitWhileForegroundWorkRuns() throws {
        let foreground = ForegroundWork()
        #expect(!foreground.isBusy)
        let started = ContinuousClock.now
        foreground.yield()
        #expect(ContinuousClock.now - started < .milliseconds(50), "nothing to wait for")
        let inside = DispatchSemaphore(value: 0), finish = DispatchSemaphore(value: 0)
        let worker = Thread { foreground.run { inside.signal(); finish.wait() } }
        worker.start()
        inside.wait()
        #expect(foreground.isBusy)
        // Waits while it runs, and no longer than asked.
        let before = ContinuousClock.now
        foreground.yield(atMost: .milliseconds(300))
        let waited = ContinuousClock.now - before
        #expect(waited >= .milliseconds(290) && waited < .seconds(2), "\(waited)")
        // Ends as soon as the foreground work does.
        Thread { usleep(200_000); finish.signal() }.start()  // its own thread: a busy pool cannot delay it
        let second = ContinuousClock.now
        foreground.yield(atMost: .seconds(10))
        let ended = ContinuousClock.now - second
        #expect(ended >= .milliseconds(150) && ended < .seconds(5), "\(ended)")
    }

    /// A page's requests come one after another with a round trip between them: a run waits until none
    /// has run for the quiet period, not only until none runs (its writer committed a batch in each gap).
    /// Bounds from below are measured from before the work that starts the period (a loaded machine only
    /// makes waits longer); bounds from above are loose.
    @Test func probesWaitForAQuietPeriodAfterForegroundWork() throws {
        // A long quiet period: the second piece below (on its own thread, 0.1 s in) falls inside it
        // however loaded the machine is.
        let foreground = ForegroundWork(quiet: .seconds(1))
        let started = ContinuousClock.now
        foreground.run {}
        foreground.yield(atMost: .seconds(10))
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(1) && waited < .seconds(5), "\(waited)")
        // Quiet already: no wait.
        let again = ContinuousClock.now
        foreground.yield()
        #expect(ContinuousClock.now - again < .milliseconds(800))
        // Work that comes within the quiet period starts it again once it ends: the wait lasts until the
        // quiet period after the second piece.
        foreground.run {}
        let secondEnded = LockedValue<ContinuousClock.Instant?>(nil)
        let second = Thread {
            usleep(100_000)
            foreground.run {}
            secondEnded.withLock { $0 = ContinuousClock.now }
        }
        second.start()
        foreground.yield(atMost: .seconds(10))
        let released = ContinuousClock.now
        let ended = try #require(secondEnded.withLock { $0 }, "the second piece ran after the wait ended")
        #expect(released - ended >= .milliseconds(990) && released - ended < .seconds(5), "\(released - ended)")
        // Never longer than asked.
        foreground.run {}
        let bounded = ContinuousClock.now
        foreground.yield(atMost: .milliseconds(100))
        let limited = ContinuousClock.now - bounded
        #expect(limited >= .milliseconds(90) && limited < .milliseconds(900), "\(limited)")
    }
}

/// `ThumbnailsOnDemand` makes a file once however many calls ask for it at once — by itself, without a
/// server's single flight in front of it (a mutation audit removed the server's; the class then made one
/// file twice when a call planned just after another wrote the file but before it was noted as made).
@Suite struct OnDemandMakesOnceTests {
    /// A library of one indexed 600×400 photo, and its thumbnail name.
    static func onePhotoIndexed(seed: Int) throws -> (LibraryFolders, PhotoGrid.Library, String) {
        let fixture = try LibraryFolders()
        try fixture.write(TinyJPEG.numbered(seed), to: "p.jpg")
        let library = try PhotoGrid.Library.openOrCreate(LibraryLocation(fixture.database))
        _ = try LibraryIndexing.index(library: library, folder: fixture.photos.path)
        return (fixture, library, try #require(try library.store.photos().first?.contentKey))
    }

    @Test func concurrentCallsForOneThumbnailMakeItOnce() throws {
        let (fixture, library, stem) = try Self.onePhotoIndexed(seed: 7)
        let onDemand = try ThumbnailsOnDemand(library: library, folder: fixture.thumbnails)
        // The moment between making the file and noting it, widened: every other call arrives in it.
        onDemand.afterMaking.withLock { $0 = { usleep(300_000) } }
        let made = LockedValue(0), failures = LockedValue<[String]>([])
        let threads = (0..<8).map { _ in
            Thread {
                do {
                    if try onDemand.file(variant: "grid-387", stem: stem).made { made.withLock { $0 += 1 } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        threads.forEach { $0.start() }
        // Wait for the calls (each thread ends after its call).
        let deadline = Date(timeIntervalSinceNow: 20)
        while threads.contains(where: { !$0.isFinished }) && Date() < deadline { usleep(10_000) }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        #expect(made.withLock { $0 } == 1, "made \(made.withLock { $0 }) times")
    }

    /// Making a thumbnail is foreground work (an index run waits); finding it made is not (a page
    /// scrolling over made thumbnails does not hold a run up for the quiet period after each).
    @Test func onlyMakingIsForegroundWork() throws {
        let (fixture, library, stem) = try Self.onePhotoIndexed(seed: 8)
        let foreground = ForegroundWork(quiet: .milliseconds(400))
        let onDemand = try ThumbnailsOnDemand(library: library, folder: fixture.thumbnails, foreground: foreground)
        #expect(try onDemand.file(variant: "grid-387", stem: stem).made)
        let afterMaking = ContinuousClock.now
        foreground.yield()
        #expect(ContinuousClock.now - afterMaking >= .milliseconds(300), "a run waits the quiet period after a make")
        #expect(try !onDemand.file(variant: "grid-387", stem: stem).made)
        let afterFinding = ContinuousClock.now
        foreground.yield()
        #expect(ContinuousClock.now - afterFinding < .milliseconds(300), "a thumbnail found made holds nothing up")
    }
}

/// What a thumbnail served on demand fails as: the kind a client is told.
@Suite struct OnDemandFailureKindTests {
    @Test func failuresCarryTheirKind() {
        let full = ThumbnailsOnDemand.Failure.folder(.system(call: "write", path: "/t", errno: ENOSPC))
        #expect(full.kind == .storageFull)
        #expect(ThumbnailsOnDemand.Failure.unreadable("damaged").kind == .damagedInput)
        #expect(ThumbnailsOnDemand.Failure.library(.databaseBusy(path: "/x")).kind == .busy)
    }
}

/// A test library's folders: its photos in `photos/`, its database and thumbnail folder beside them.
struct LibraryFolders {
    let base: TemporaryFolder
    var photos: URL { base.url.appendingPathComponent("photos") }
    var database: String { base.url.appendingPathComponent("library.sqlite").path }
    var thumbnails: String { base.url.appendingPathComponent("thumbnails").path }

    init() throws {
        base = try TemporaryFolder("OnDemandThumbnails")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: photos.appendingPathComponent(name)) }
}
