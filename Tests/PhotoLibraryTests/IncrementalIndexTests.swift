import TestSupport
import Foundation
import Synchronization
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary

#if canImport(Glibc)
import Glibc
@testable import Indexing
#endif

/// Rescans: unchanged files cost one stat and no open; changes, deletions and moves are found.
@Suite struct IncrementalIndexTests {
    /// Five different photos in two folders.
    static func makeFolder(_ fixture: LibraryFixture) throws {
        try fixture.copySample("orientation/Landscape_1.jpg", to: "2019/a.jpg")
        try fixture.copySample("orientation/Landscape_6.jpg", to: "2019/b.jpg")
        try fixture.copySample("orientation/Portrait_3.jpg", to: "2020/c.jpg")
        try fixture.copySample("storm-canon.jpg", to: "2020/d.jpg")
        try fixture.copySample("umang.jpg", to: "e.jpg")
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func unchangedRescanOpensNoFile(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.write(Array("a sidecar, not a photo\n".utf8), to: "2019/a.xmp")
        let probe = CountingProbe()
        let first = try fixture.index(.probing(with: probe.fileProbe))
        #expect(first.added == 5)
        #expect(probe.count == 5)
        #expect(first.filesOpened == 6)  // the five photos and the sidecar's signature check

        probe.reset()
        let second = try fixture.index(.probing(with: probe.fileProbe))
        #expect(second.scanned == 5)
        #expect(second.unchanged == 5)
        #expect(second.added == 0 && second.updated == 0 && second.moved == 0 && second.missing == 0)
        #expect(probe.count == 0)
        #expect(second.filesOpened == 0)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func touchedFileIsReprobedInPlace(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.setModificationTime("2020/c.jpg", seconds: 1_600_000_000)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["2020/c.jpg"])

        // One nanosecond later is a change.
        try fixture.setModificationTime("2020/c.jpg", seconds: 1_600_000_000, nanoseconds: 1)
        let probe = CountingProbe()
        let summary = try fixture.index(.probing(with: probe.fileProbe))
        #expect(summary.updated == 1)
        #expect(summary.unchanged == 4)
        #expect(probe.count == 1)
        #expect(probe.paths.withLock { $0 } == ["2020/c.jpg"])
        let after = try #require(try fixture.photosByPath()["2020/c.jpg"])
        #expect(after.id == before.id)
        #expect(after.modificationTimeNanoseconds == 1_600_000_000_000_000_001)
        #expect(after.firstSeen == before.firstSeen)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func editedContentIsReadAgain(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["e.jpg"])
        #expect(before.pixelWidth == 1600 && before.pixelHeight == 900)

        try fixture.copySample("orientation/Portrait_6.jpg", to: "e.jpg")
        let summary = try fixture.index()
        #expect(summary.updated == 1)
        let after = try #require(try fixture.photosByPath()["e.jpg"])
        #expect(after.id == before.id)
        #expect(after.orientation == 6)
        #expect(after.pixelWidth == 400 && after.pixelHeight == 600)
        #expect(after.contentKey != before.contentKey)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func deletedFileIsMarkedMissingAndKeepsItsRow(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["2019/b.jpg"])

        try fixture.remove("2019/b.jpg")
        let summary = try fixture.index()
        #expect(summary.missing == 1)
        #expect(summary.scanned == 4)
        let gone = try #require(try fixture.photosByPath()["2019/b.jpg"])
        #expect(gone.id == before.id)
        #expect(gone.status == .missing)
        #expect(gone.pixelWidth == 600 && gone.pixelHeight == 400)   // facts are kept
        #expect(try fixture.libraryStore().photos(statuses: [.ok]).count == 4)

        // Still missing on the next run, and nothing is opened.
        let probe = CountingProbe()
        let again = try fixture.index(.probing(with: probe.fileProbe))
        #expect(again.missing == 1)
        #expect(again.unchanged == 4)
        #expect(probe.count == 0)

        // Back at the same path: the same row is ok again.
        try fixture.copySample("orientation/Landscape_6.jpg", to: "2019/b.jpg")
        let back = try fixture.index()
        #expect(back.updated == 1)
        #expect(back.missing == 0)
        let revived = try #require(try fixture.photosByPath()["2019/b.jpg"])
        #expect(revived.id == before.id)
        #expect(revived.status == .ok)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func movedFileKeepsItsRowWithTheNewPath(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["2020/d.jpg"])

        try fixture.makeFolder(Array("archive/old".utf8))
        try fixture.rename("2020/d.jpg", to: "archive/old/storm.jpg")
        let summary = try fixture.index()
        #expect(summary.moved == 1)
        #expect(summary.added == 0)
        #expect(summary.missing == 0)
        #expect(summary.scanned == 5)
        let photos = try fixture.photosByPath()
        #expect(photos["2020/d.jpg"] == nil)
        let moved = try #require(photos["archive/old/storm.jpg"])
        #expect(moved.id == before.id)
        #expect(moved.status == .ok)
        #expect(moved.contentKey == before.contentKey)
        #expect(moved.firstSeen == before.firstSeen)
        #expect(moved.takenAt == "2008-04-20T19:12:06")
        #expect(photos.count == 5)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func missingRowIsRevivedByALaterMove(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["2019/a.jpg"])
        let bytes = try Repository.sample("orientation/Landscape_1.jpg")

        try fixture.remove("2019/a.jpg")
        #expect(try fixture.index().missing == 1)
        try fixture.write(bytes, to: "restored/a.jpg")
        let summary = try fixture.index()
        #expect(summary.moved == 1)
        #expect(summary.missing == 0)
        let revived = try #require(try fixture.photosByPath()["restored/a.jpg"])
        #expect(revived.id == before.id)
        #expect(revived.status == .ok)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func twoCopiesOfAMovedFileMakeOneMoveAndOneNewRow(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        try fixture.index()
        let before = try #require(try fixture.photosByPath()["e.jpg"])
        let bytes = try Repository.sample("umang.jpg")
        try fixture.remove("e.jpg")
        try fixture.write(bytes, to: "copy1.jpg")
        try fixture.write(bytes, to: "copy2.jpg")
        let summary = try fixture.index()
        #expect(summary.moved == 1)
        #expect(summary.added == 1)
        let photos = try fixture.photosByPath()
        // Outcomes are written in path order: copy1.jpg claims the row.
        #expect(photos["copy1.jpg"]?.id == before.id)
        #expect(photos["copy2.jpg"].map { $0.id != before.id } == true)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func nonPhotoFilesAreCheckedOnceUntilTheyChange(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.write(Array("readme\n".utf8), to: "README")
        try fixture.write(Array(repeating: 7, count: 4096), to: "movie.mov")
        #expect(try fixture.index().filesOpened == 2)
        #expect(try fixture.index().filesOpened == 0)

        // The extension-less file becomes a JPEG: checked again, and now a photo.
        try fixture.copySample("orientation/Landscape_3.jpg", to: "README")
        let summary = try fixture.index()
        #expect(summary.filesOpened == 1)
        #expect(summary.added == 1)
        #expect(try fixture.photosByPath()["README"]?.orientation == 3)
        // A forgotten non-photo leaves the remembered set.
        try fixture.remove("movie.mov")
        try fixture.index()
        let remembered = try fixture.libraryStore().loadIndexState().nonPhotos.keys.map { String(decoding: $0, as: UTF8.self) }
        #expect(remembered.isEmpty)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func gridOrderIsTakenAtElseModificationTimeThenPath(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        // storm-canon.jpg has DateTimeOriginal 2008-04-20T19:12:06; the others have no EXIF date.
        try fixture.copySample("storm-canon.jpg", to: "z-storm.jpg")
        try fixture.copySample("orientation/Landscape_1.jpg", to: "2010.jpg")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "1999.jpg")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "b-same.jpg")
        try fixture.copySample("orientation/Landscape_4.jpg", to: "a-same.jpg")
        try fixture.setModificationTime("z-storm.jpg", seconds: 1_700_000_000)   // ignored: EXIF date wins
        try fixture.setModificationTime("2010.jpg", seconds: 1_262_304_000)     // 2010-01-01T00:00:00Z
        try fixture.setModificationTime("1999.jpg", seconds: 915_148_800)       // 1999-01-01T00:00:00Z
        try fixture.setModificationTime("b-same.jpg", seconds: 1_000_000_000)   // 2001-09-09T01:46:40Z
        try fixture.setModificationTime("a-same.jpg", seconds: 1_000_000_000)
        try fixture.index()
        let photos = try fixture.libraryStore().photos()
        #expect(photos.map(\.path) == ["1999.jpg", "a-same.jpg", "b-same.jpg", "z-storm.jpg", "2010.jpg"])
        #expect(photos.map(\.sortKey) == ["1999-01-01T00:00:00", "2001-09-09T01:46:40", "2001-09-09T01:46:40",
                                          "2008-04-20T19:12:06", "2010-01-01T00:00:00"])
        // Stable across a rescan.
        try fixture.index()
        #expect(try fixture.libraryStore().photos().map(\.path) == photos.map(\.path))
    }

    @Test func databaseInsideTheFolderIsNotIndexedAndDoesNotCostOpens() throws {
        let fixture = try LibraryFixture()
        try Self.makeFolder(fixture)
        let store = try SQLiteStore(path: fixture.photos.appendingPathComponent("photogrid.sqlite").path)
        _ = try Indexer(writer: store).index(folder: fixture.photos.path)
        let again = try Indexer(writer: store).index(folder: fixture.photos.path)
        #expect(again.unchanged == 5)
        #expect(again.filesOpened == 0)
        #expect(try store.loadIndexState().nonPhotos.isEmpty)
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func oddFileNamesAreStoredLosslessly(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        let jpeg = try Repository.sample("orientation/Landscape_5.jpg")
        let names: [[UInt8]] = [
            Array("with space.jpg".utf8),
            Array("new\nline.jpg".utf8),
            [0x6C, 0x61, 0x74, 0x69, 0x6E, 0x31, 0xE9, 0x2E, 0x6A, 0x70, 0x67],  // Latin-1 "latin1é.jpg"
            [0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67],
            [0xFF, 0xFD, 0x2E, 0x6A, 0x70, 0x67],   // same display text as the one above
        ]
        for name in names { try fixture.write(jpeg, to: name) }
        let summary = try fixture.index()
        #expect(summary.added == 5 && summary.errors == 0)
        let photos = try fixture.libraryStore().photos()
        #expect(Set(photos.map(\.pathBytes)) == Set(names))
        #expect(photos.allSatisfy { $0.status == .ok && $0.pixelWidth == 600 && $0.pixelHeight == 400 })
        #expect(Set(photos.map(\.path)).contains("latin1\u{FFFD}.jpg"))
        #expect(Set(photos.map(\.path)).contains("new\nline.jpg"))
        // Unchanged on a rescan: the raw bytes match the walk's.
        #expect(try fixture.index().unchanged == 5)
    }

    @Test func progressReportsAnExactTotalAndReachesIt() throws {
        let fixture = try LibraryFixture()
        try Self.makeFolder(fixture)
        try fixture.write(Array("some notes\n".utf8), to: "notes.txt")
        let reports = Mutex<[IndexProgress]>([])
        var options = IndexOptions()
        options.progress = { progress in reports.withLock { $0.append(progress) } }
        try fixture.index(options)
        let indexing = reports.withLock { $0 }.filter { $0.phase == .indexing }
        #expect(indexing.first?.done == 0)
        #expect(indexing.allSatisfy { $0.total == 6 })   // five photos and one file to check
        #expect(indexing.last?.done == 6)
        #expect(zip(indexing, indexing.dropFirst()).allSatisfy { $0.done <= $1.done })
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func smallBatchesGiveTheSameResult(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeFolder(fixture)
        var options = IndexOptions()
        options.batchSize = 2
        options.batchInterval = .milliseconds(1)
        let summary = try fixture.index(options)
        #expect(summary.added == 5)
        #expect(try fixture.libraryStore().photos().count == 5)
    }

    /// `pause` is asked by the probing threads before each file and by the writing thread (the caller's)
    /// before each batch: a server's run waits there while thumbnails someone waits for are made.
    @Test func theWriterPausesBeforeEachBatch() throws {
        let fixture = try LibraryFixture()
        try Self.makeFolder(fixture)
        let caller = pthread_self()
        let calls = Mutex((writer: 0, probers: 0))
        var options = IndexOptions()
        options.batchSize = 2
        options.batchInterval = .seconds(60)
        options.jobs = 2
        options.pause = {
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            calls.withLock { onCaller ? ($0.writer += 1) : ($0.probers += 1) }
        }
        let summary = try fixture.index(options)
        #expect(summary.added == 5)
        let counted = calls.withLock { $0 }
        #expect(counted.writer >= 1)   // a batch takes every outcome ready, so there are 1 to 3 of them
        #expect(counted.probers == 5)  // one per file
    }

    /// A run's first batch commits after `firstBatchSize` rows (256), not `batchSize` (500): a server's page
    /// shows a never-seen folder's first screen as early as it can.
    @Test func theFirstBatchIsSmall() throws {
        let fixture = try LibraryFixture()
        let sample = try Repository.sample("orientation/Landscape_1.jpg")
        for index in 0..<600 { try fixture.write(sample, to: "\(100_000 + index).jpg") }
        let path = fixture.databasePath
        let committed = Mutex<[Int]>([])
        var options = IndexOptions()
        options.batchInterval = .seconds(60)
        options.jobs = 1
        let writer = pthread_self()
        options.pause = {
            if pthread_equal(pthread_self(), writer) != 0 {
                // Before each batch: the rows committed so far, read by another connection.
                let count = (try? SQLiteStore(path: path).photos().count) ?? -1
                committed.withLock { $0.append(count) }
            } else {
                usleep(200)  // the probing thread a little slower than the writer, so batches end where they may
            }
        }
        let summary = try fixture.index(options)
        #expect(summary.added == 600)
        let counts = committed.withLock { $0 }
        #expect(counts.first == 0)
        #expect(counts.count >= 2)
        if counts.count >= 2 { #expect((256..<300).contains(counts[1]), "rows of the first batch: \(counts)") }
    }

    @Test func twoIndexersOnOneDatabaseBothSucceed() async throws {
        let fixture = try LibraryFixture()
        for index in 0..<200 {
            try fixture.copySample("orientation/Landscape_\(index % 8 + 1).jpg", to: "set\(index % 4)/\(index).jpg")
        }
        let path = fixture.databasePath
        let folder = fixture.photos.path
        let summaries = try await withThrowingTaskGroup(of: IndexSummary.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var options = IndexOptions()
                    options.batchSize = 10
                    return try Indexer(writer: try SQLiteStore(path: path), options: options).index(folder: folder)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(summaries.count == 2)
        #expect(summaries.allSatisfy { $0.scanned == 200 && $0.errors == 0 })
        let photos = try fixture.store().photos()
        #expect(photos.count == 200)
        #expect(Set(photos.map(\.path)).count == 200)
        #expect(try fixture.store().integrityCheck() == "ok")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads unreadable folders"))
    func unreadableFolderLeavesItsRowsAlone() throws {
        let fixture = try LibraryFixture()
        try Self.makeFolder(fixture)
        try fixture.index()
        let folder = fixture.photos.appendingPathComponent("2020").path
        #expect(chmod(folder, 0) == 0)
        defer { chmod(folder, 0o755) }
        let summary = try fixture.index()
        #expect(summary.unreadableFolders.count == 1)
        #expect(summary.missing == 0)
        #expect(try fixture.store().photos(statuses: [.ok]).count == 5)
    }
}

@Suite struct SeenTimeTests {
    private func options(at time: String) -> IndexOptions {
        var options = IndexOptions()
        options.startTime = { time }
        return options
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func firstAndLastSeenFollowTheRuns(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try IncrementalIndexTests.makeFolder(fixture)
        try fixture.index(options(at: "2026-01-01T10:00:00Z"))
        try fixture.remove("2019/b.jpg")
        try fixture.index(options(at: "2026-01-02T10:00:00Z"))
        try fixture.index(options(at: "2026-01-03T10:00:00Z"))

        let photos = try fixture.photosByPath()
        let gone = try #require(photos["2019/b.jpg"])
        #expect(gone.status == .missing)
        #expect(gone.firstSeen == "2026-01-01T10:00:00Z")
        #expect(gone.lastSeen == "2026-01-01T10:00:00Z")   // the last run that found it
        let present = try #require(photos["2019/a.jpg"])
        #expect(present.firstSeen == "2026-01-01T10:00:00Z")
        #expect(present.lastSeen == "2026-01-03T10:00:00Z")
        #expect(try fixture.libraryStore().root()?.lastIndexedAt == "2026-01-03T10:00:00Z")
    }
}
