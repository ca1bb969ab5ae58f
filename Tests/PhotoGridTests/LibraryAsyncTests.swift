import Foundation
import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Testing
@testable import Indexing

/// The async index run a server calls: the work runs on a pool's thread, reports progress, and answers
/// as the synchronous form does.
@Suite struct LibraryAsyncTests {
    /// Records what a run reported.
    final class Recorder: PhotoGrid.ProgressReporting, @unchecked Sendable {
        private let lock = NSLock()
        private var updates: [IndexProgress] = []
        private var finished = 0
        func update(_ progress: IndexProgress) { lock.withLock { updates.append(progress) } }
        func finish() { lock.withLock { finished += 1 } }
        var last: IndexProgress? { lock.withLock { updates.last } }
        var finishes: Int { lock.withLock { finished } }
    }

    @Test func indexAwaitedOnAnOpenLibrary() async throws {
        let pool = BlockingPool(threads: 1)
        let fixture = try LibraryThumbnailsTests.Library()
        for k in 0..<5 {
            try fixture.write(try LibraryThumbnailsTests.photo(width: 40 + 10 * k, height: 30, seed: k), to: "p\(k).jpg")
        }
        let library = try PhotoGrid.Library.openOrCreate(LibraryLocation(fixture.database))
        #expect(library.createdFile)
        let recorder = Recorder()
        let report = try await library.index(folder: fixture.photos.path, on: pool, progress: recorder)
        #expect(report.summary.added == 5)
        #expect(report.summary.scanned == 5)
        #expect(recorder.last?.phase == .indexing)
        #expect(recorder.last?.done == 5)
        #expect(recorder.last?.total == 5)
        #expect(recorder.finishes == 1)

        // The same library answers the readers' use cases.
        #expect(try LibraryListing.document(library: library).photos.map(\.path) == ["p0.jpg", "p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg"])
        #expect(try LibraryStatistics.read(library: library).counts.ok == 5)

        let again = try await library.index(folder: fixture.photos.path, on: pool)
        #expect(again.summary.unchanged == 5)
        #expect(again.summary.added == 0)
        await pool.shutdown()
    }

    /// An error of the run reaches the awaiting caller typed, as the synchronous form throws it.
    @Test func aMissingFolderThrowsTheLibraryError() async throws {
        let fixture = try LibraryThumbnailsTests.Library()
        let library = try PhotoGrid.Library.openOrCreate(LibraryLocation(fixture.database))
        let pool = BlockingPool(threads: 1)
        let missing = fixture.base.appendingPathComponent("nowhere").path
        await #expect(throws: LibraryError.noSuchFolder(path: missing)) {
            _ = try await library.index(folder: missing, on: pool)
        }
        await pool.shutdown()
    }
}
