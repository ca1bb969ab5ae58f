import Foundation
import class GRDB.DatabaseQueue
import Synchronization
import Testing
@testable import PhotoLibrary

#if canImport(Glibc)
import Glibc
@testable import Indexing
#endif

/// Faults injected into an index run: files that change between the walk and the probe, and a
/// database another connection holds locked. Each run still completes and loses no stored row.
@Suite struct FaultTests {
    /// Three photos, indexed once: the rows that must survive every fault below.
    static func indexedFixture() throws -> LibraryFixture {
        let fixture = try LibraryFixture()
        try fixture.copySample("orientation/Landscape_1.jpg", to: "kept/a.jpg")
        try fixture.copySample("orientation/Portrait_1.jpg", to: "kept/b.jpg")
        try fixture.copySample("storm-canon.jpg", to: "kept/c.jpg")
        let first = try fixture.index()
        #expect(first.added == 3 && first.errors == 0)
        return fixture
    }

    /// Options whose progress callback runs `fault` once, after the walk and before any probe: the
    /// first `.indexing` report comes between the two (Indexer step 2 → 3).
    static func options(injecting fault: @escaping @Sendable () -> Void) -> Indexing.IndexOptions {
        let done = Atomic<Bool>(false)
        var options = Indexing.IndexOptions()
        options.jobs = 1
        options.progress = { progress in
            guard progress.phase == .indexing, !done.exchange(true, ordering: .relaxed) else { return }
            fault()
        }
        return options
    }

    /// The three rows of `indexedFixture`, still ok with their sizes, and a sound file.
    static func expectStoredRowsIntact(_ fixture: LibraryFixture) throws {
        let photos = try fixture.photosByPath()
        #expect(photos["kept/a.jpg"].map { $0.status == .ok && $0.pixelWidth == 600 && $0.pixelHeight == 400 } == true)
        #expect(photos["kept/b.jpg"].map { $0.status == .ok && $0.pixelWidth == 400 && $0.pixelHeight == 600 } == true)
        #expect(photos["kept/c.jpg"].map { $0.status == .ok && $0.pixelWidth == 1200 && $0.pixelHeight == 800 } == true)
        #expect(try fixture.store().integrityCheck() == "ok")
    }

    @Test func newPhotoDeletedBetweenWalkAndProbeIsSkippedAndLaterRowsAreWritten() throws {
        let fixture = try Self.indexedFixture()
        try fixture.copySample("orientation/Landscape_2.jpg", to: "new/gone.jpg")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "new/stays.jpg")
        let gone = fixture.photos.appendingPathComponent("new/gone.jpg").path
        let summary = try fixture.index(Self.options { _ = unlink(gone) })
        #expect(summary.added == 1)        // stays.jpg
        #expect(summary.errors == 0)       // a vanished file is not an error
        #expect(summary.unchanged == 3)
        let photos = try fixture.photosByPath()
        #expect(photos["new/gone.jpg"] == nil)
        #expect(photos["new/stays.jpg"]?.status == .ok)
        try Self.expectStoredRowsIntact(fixture)
    }

    @Test func photoTruncatedBetweenWalkAndProbeBecomesAnErrorRow() throws {
        let fixture = try Self.indexedFixture()
        try fixture.copySample("orientation/Landscape_2.jpg", to: "new/cut.jpg")
        let cut = fixture.photos.appendingPathComponent("new/cut.jpg").path
        // 100 bytes: SOI and part of the first segment, no frame header.
        let summary = try fixture.index(Self.options { _ = truncate(cut, 100) })
        #expect(summary.added == 1)
        #expect(summary.errors == 1)
        let row = try #require(try fixture.photosByPath()["new/cut.jpg"])
        #expect(row.status == .error)
        let message = try #require(row.error)
        #expect(!message.isEmpty && !message.contains("\n"))
        try Self.expectStoredRowsIntact(fixture)

        // The file grows back: the next run sees a new size and reads it again.
        try fixture.copySample("orientation/Landscape_2.jpg", to: "new/cut.jpg")
        let again = try fixture.index()
        #expect(again.updated == 1 && again.errors == 0)
        #expect(try fixture.photosByPath()["new/cut.jpg"]?.status == .ok)
    }

    @Test func changedPhotoDeletedBetweenWalkAndProbeKeepsItsRowUntilTheNextRun() throws {
        let fixture = try Self.indexedFixture()
        try fixture.setModificationTime("kept/a.jpg", seconds: 1_000_000)  // changed: will be probed
        let path = fixture.photos.appendingPathComponent("kept/a.jpg").path
        let summary = try fixture.index(Self.options { _ = unlink(path) })
        #expect(summary.updated == 0 && summary.errors == 0 && summary.missing == 0)
        // The row is untouched by this run (its file was seen by the walk)…
        #expect(try fixture.photosByPath()["kept/a.jpg"]?.status == .ok)
        // …and the next run finds it gone and marks it missing, keeping the row.
        let next = try fixture.index()
        #expect(next.missing == 1)
        let row = try #require(try fixture.photosByPath()["kept/a.jpg"])
        #expect(row.status == .missing && row.pixelWidth == 600)
        #expect(try fixture.store().integrityCheck() == "ok")
    }

    @Test func photoReplacedByAFIFOBetweenWalkAndProbeDoesNotHang() throws {
        let fixture = try Self.indexedFixture()
        try fixture.copySample("orientation/Landscape_2.jpg", to: "new/pipe.jpg")
        let path = fixture.photos.appendingPathComponent("new/pipe.jpg").path
        let summary = try fixture.index(Self.options {
            _ = unlink(path)
            _ = mkfifo(path, 0o644)
        })
        // Opened without blocking (O_NONBLOCK); reading a FIFO with pread fails: an error row.
        #expect(summary.unchanged == 3 && summary.added == 1 && summary.errors == 1)
        let row = try #require(try fixture.photosByPath()["new/pipe.jpg"])
        #expect(row.status == .error)
        #expect(row.error == "pread(new/pipe.jpg) failed: Illegal seek (errno 29)")
        try Self.expectStoredRowsIntact(fixture)
    }

    /// Another connection holds a write transaction for 1.5 s: the index waits for it (busy
    /// timeout), then commits everything.
    @Test func indexWaitsForAnotherConnectionsWriteTransaction() throws {
        let fixture = try Self.indexedFixture()
        try fixture.copySample("orientation/Landscape_4.jpg", to: "new/d.jpg")
        try fixture.copySample("orientation/Landscape_5.jpg", to: "new/e.jpg")

        let locker = try DatabaseQueue(path: fixture.databasePath)
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let holdSeconds = 1.5
        Thread.detachNewThread {
            do {
                try locker.inDatabase { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    try db.execute(sql: "UPDATE photos SET error = error WHERE 0")
                    locked.signal()
                    Thread.sleep(forTimeInterval: holdSeconds)
                    try db.execute(sql: "COMMIT")
                }
            } catch {
                locked.signal()
            }
            released.signal()
        }
        locked.wait()
        let started = Date()
        let summary = try fixture.index()
        let waited = Date().timeIntervalSince(started)
        released.wait()
        #expect(summary.added == 2 && summary.unchanged == 3 && summary.errors == 0)
        #expect(waited >= 1.0, "the index did not wait for the lock (\(waited) s)")
        #expect(try fixture.photosByPath().count == 5)
        try Self.expectStoredRowsIntact(fixture)
        try locker.close()
    }
}
