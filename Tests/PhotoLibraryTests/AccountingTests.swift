import ImageFormats
import PhotoGridSupport
import Foundation
import JPEG
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary

#if canImport(Glibc)
import Glibc
@testable import Indexing
#endif

/// Every entry an index run sees is accounted for; PhotoGrid's own outputs are never photos; error
/// rows are retried when their error may have gone away; missing rows can be pruned; a library is
/// not silently moved to another folder. Expected counts are those of the folders built here.
@Suite struct AccountingTests {
    /// A folder with one entry of every kind: 5 candidates by name (2 JPEGs; a .jpg, a .png and a .HEIC
    /// that are text: error rows), 1 other image (.gif), 2 raw files, 2 videos of kinds not read (.avi, .mkv), 2 other files (a text and a FIFO), 2 hidden entries (a file
    /// and a folder holding a photo), 1 symbolic link, 1 cache folder holding a photo.
    static func makeMixedFolder(_ fixture: LibraryFixture) throws {
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        try fixture.copySample("orientation/Portrait_1.jpg", to: "sub/b.JPG")
        try fixture.write(Array("not a photo".utf8), to: "bad.jpg")
        for name in ["c.png", "d.HEIC", "i.gif", "e.dng", "sub/f.NEF", "g.avi", "h.mkv", "notes.txt"] {
            try fixture.write(Array("not a JPEG: \(name)".utf8), to: name)
        }
        #expect(fixture.pathBytes(Array("sub/pipe".utf8)).withNULTerminated { mkfifo($0, 0o644) } == 0)
        try fixture.write(Array("x".utf8), to: ".hidden")
        try fixture.copySample("orientation/Landscape_2.jpg", to: ".trash/old.jpg")
        try fixture.symlink("link.jpg", to: "a.jpg")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "cache/c.jpg")
        try fixture.write(Array("Signature: 8a477f597d28d172789f06886806bc55\n".utf8), to: "cache/CACHEDIR.TAG")
    }

    static let mixedSkipped: [SkippedKind: Int] = [
        .image: 1, .raw: 2, .video: 2, .other: 2, .hidden: 2, .symlink: 1, .cache: 1,
    ]

    @Test(arguments: LibraryFixture.Kind.both)
    func everyEntryIsCountedOnceByKindAlsoOnAnUnchangedRescan(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeMixedFolder(fixture)
        let first = try fixture.index()
        #expect(first.scanned == 5)
        #expect(first.errors == 3)
        #expect(first.skipped == Self.mixedSkipped)
        #expect(first.seen == 5 + 11)
        #expect(first.seen == first.scanned + first.vanished + first.skippedTotal)

        let probe = CountingProbe()
        var options = IndexOptions()
        options.fileProbe = probe.fileProbe
        let rescan = try fixture.index(options)
        #expect(rescan.unchanged == 5)
        #expect(rescan.skipped == Self.mixedSkipped)
        #expect(rescan.seen == 16)
        #expect(rescan.filesOpened == 0)   // still one stat per file: classified by name only
    }

    @Test(arguments: LibraryFixture.Kind.both)
    func listOfSkippedEntriesNamesEachWithItsKind(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try Self.makeMixedFolder(fixture)
        try fixture.index()
        let entries = try fixture.libraryStore().skippedEntries()
        let expected: [String: SkippedKind] = [
            ".hidden": .hidden, ".trash": .hidden, "i.gif": .image, "e.dng": .raw,
            "sub/f.NEF": .raw, "g.avi": .video, "h.mkv": .video, "notes.txt": .other, "sub/pipe": .other,
            "link.jpg": .symlink, "cache": .cache,
        ]
        #expect(Dictionary(uniqueKeysWithValues: entries.map { ($0.path, $0.kind) }) == expected)
    }

    /// Found by a mutation audit: files too short for any signature (0 to 2 bytes) are skipped unopened,
    /// and counted by the kind their name says — in the summary as in the list of skipped entries — on
    /// the first run and on an unchanged rescan.
    @Test(arguments: LibraryFixture.Kind.both)
    func tinyFilesAreCountedByTheirKindInTheSummaryAndTheList(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        let tiny: [String: (bytes: Int, kind: SkippedKind)] = [
            "empty.avi": (0, .video), "one.dng": (1, .raw), "two.mkv": (2, .video), "two.txt": (2, .other), "one.gif": (1, .image),
        ]
        for (name, entry) in tiny { try fixture.write([UInt8](repeating: 0x41, count: entry.bytes), to: name) }
        var expected: [SkippedKind: Int] = [:]
        for entry in tiny.values { expected[entry.kind, default: 0] += 1 }
        for run in ["first", "rescan"] {
            let summary = try fixture.index()
            #expect(summary.skipped.filter { $0.value > 0 } == expected, "\(run)")
            let listed = try fixture.libraryStore().skippedEntries()
            #expect(Dictionary(uniqueKeysWithValues: listed.map { ($0.path, $0.kind) }) == tiny.mapValues(\.kind), "\(run)")
        }
    }

    /// An export folder inside the photo folder: the outputs its marker names are skipped, a photo
    /// the user put beside them is not.
    @Test(arguments: LibraryFixture.Kind.both)
    func outputsNamedByAnExportMarkerAreSkipped(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        let marker = ExportMarker.contents(outputs: ExportMarker.outputs(databaseName: "photogrid.sqlite"))
        try fixture.write(Array(marker.utf8), to: "gallery/.photogrid-export")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "gallery/grid.jpg")
        try fixture.write(Array("{}".utf8), to: "gallery/layout.json")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "gallery/thumbnails/grid-387/1-0.jpg")
        try fixture.write(Array("SQLite format 3\0".utf8), to: "gallery/photogrid.sqlite")
        try fixture.copySample("orientation/Portrait_2.jpg", to: "gallery/kept.jpg")
        let summary = try fixture.index()
        #expect(summary.scanned == 2)
        #expect(summary.skipped == [.output: 5])
        #expect(Set(try fixture.libraryStore().photos().map(\.path)) == ["a.jpg", "gallery/kept.jpg"])
    }

    /// `export A --out A`: the marker sits in the root; its outputs are skipped, the photos are not.
    @Test(arguments: LibraryFixture.Kind.both)
    func exportMarkerInTheRootSkipsOnlyItsOutputs(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        try fixture.copySample("orientation/Landscape_4.jpg", to: "album/b.jpg")
        let marker = ExportMarker.contents(outputs: ExportMarker.outputs(databaseName: "photogrid.sqlite"))
        try fixture.write(Array(marker.utf8), to: ".photogrid-export")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "grid.jpg")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "thumbnails/grid-387/1-0.jpg")
        let summary = try fixture.index()
        #expect(Set(try fixture.libraryStore().photos().map(\.path)) == ["a.jpg", "album/b.jpg"])
        #expect(summary.skipped == [.output: 3])
    }

    /// A marker without the signature is an ordinary hidden file: nothing else is skipped.
    @Test(arguments: LibraryFixture.Kind.both)
    func aFileNamedLikeTheMarkerWithoutItsSignatureSkipsNothing(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.write(Array("grid.jpg\n".utf8), to: "album/.photogrid-export")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "album/grid.jpg")
        let summary = try fixture.index()
        #expect(summary.scanned == 1)
        #expect(summary.skipped == [.hidden: 1])
    }

    /// A probe that fails with EIO once (a flaky card reader), then reads: the unchanged error row
    /// is opened again by the next run and becomes ok. A row whose file is not a JPEG is not
    /// reopened until `retryErrors`.
    @Test(arguments: LibraryFixture.Kind.both)
    func transientErrorRowsAreRetriedWithoutAChangeAndOthersOnRequest(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "flaky.jpg")
        try fixture.write(Array("not a photo".utf8), to: "text.jpg")
        var failing = IndexOptions()
        failing.fileProbe = FileProbe { descriptor, path, format throws(ImageFormatError) -> ImageFacts in
            if path == "flaky.jpg" { throw .jpeg(.system(call: "pread", path: path, errno: EIO)) }
            return try FileProbe.formats.probe(descriptor, path, format)
        }
        let first = try fixture.index(failing)
        #expect(first.errors == 2)

        let probe = CountingProbe()
        var counting = IndexOptions()
        counting.fileProbe = probe.fileProbe
        let second = try fixture.index(counting)
        #expect(probe.paths.withLock { $0 } == ["flaky.jpg"])
        #expect(second.retried == 1)
        #expect(second.unchanged == 1)
        #expect(second.errors == 1)
        #expect(try fixture.photosByPath()["flaky.jpg"]?.status == .ok)

        probe.reset()
        counting.retryErrors = true
        let third = try fixture.index(counting)
        #expect(probe.paths.withLock { $0 } == ["text.jpg"])
        #expect(third.retried == 1)
        #expect(third.errors == 1)
        #expect(third.scanned == 2)
    }

    @Test(arguments: [
        ("open: Permission denied (errno 13)", true),
        ("pread(a.jpg) failed: Input/output error (errno 5)", true),
        ("open: Device or resource busy (errno 16)", true),
        ("pread(a.jpg) failed: Is a directory (errno 21)", false),
        ("Not a JPEG file: starts with 0x6e 0x6f", false),
        ("(errno 13) but not at the end", false),
    ])
    func transientErrorsAreTheOnesThatMayGoAway(message: String, transient: Bool) {
        #expect(ProbeErrorRetry.isTransient(message) == transient)
    }

    /// `prune`: missing rows go, with their thumbnail records; a thumbnail file shared with a photo
    /// that stays (same content) is not listed for removal.
    @Test(arguments: LibraryFixture.Kind.both)
    func pruneRemovesMissingRowsAndTheirThumbnailRecords(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        try fixture.copySample("orientation/Landscape_1.jpg", to: "copy-of-a.jpg")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "b.jpg")
        try fixture.copySample("orientation/Landscape_3.jpg", to: "c.jpg")
        try fixture.index()
        let store = try fixture.libraryStore()
        let photos = try fixture.photosByPath()
        let records = try photos.values.map { photo in
            ThumbnailRecord(photoID: photo.id, variant: "grid-100",
                            outcome: .success(.init(path: "grid-100/\(try #require(photo.contentKey)).jpg",
                                                    pixelWidth: 100, pixelHeight: 100, byteSize: 10)),
                            sourceContentKey: photo.contentKey, sourceSize: photo.fileSize,
                            sourceModificationTimeNanoseconds: photo.modificationTimeNanoseconds)
        }
        try store.saveThumbnailRecords(records)
        try fixture.remove("a.jpg")
        try fixture.remove("b.jpg")
        #expect(try fixture.index().missing == 2)

        var options = IndexOptions()
        options.prune = true
        let summary = try fixture.index(options)
        #expect(summary.pruned == 2)
        #expect(summary.missing == 0)
        let bKey = try #require(photos["b.jpg"]?.contentKey)
        #expect(summary.prunedThumbnailPaths == ["grid-100/\(bKey).jpg"])
        #expect(Set(try fixture.libraryStore().photos().map(\.path)) == ["copy-of-a.jpg", "c.jpg"])
        let kept = try fixture.libraryStore().thumbnailRecords(variant: "grid-100")
        #expect(Set(kept.keys) == [try #require(photos["copy-of-a.jpg"]?.id), try #require(photos["c.jpg"]?.id)])
    }

    /// Another folder into the same library is refused, and says whether the library's folder is
    /// still there; `moveRoot` moves it, keeping the rows (ids) of the same relative paths.
    @Test(arguments: LibraryFixture.Kind.both)
    func anotherFolderIsRefusedUnlessTheLibraryIsMoved(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        try fixture.copySample("orientation/Landscape_1.jpg", to: "a.jpg")
        try fixture.copySample("orientation/Landscape_2.jpg", to: "b.jpg")
        try fixture.index()
        let ids = try fixture.photosByPath().mapValues(\.id)
        let other = fixture.base.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        #expect {
            try Indexer(writer: try fixture.libraryStore()).index(folder: other.path)
        } throws: { error in
            guard case let .differentFolder(_, _, rootExists) = error as? LibraryError else { return false }
            return rootExists
        }
        #expect(try fixture.libraryStore().root()?.path == fixture.photos.path)

        let moved = fixture.base.appendingPathComponent("renamed")
        try FileManager.default.moveItem(at: fixture.photos, to: moved)
        #expect {
            try Indexer(writer: try fixture.libraryStore()).index(folder: moved.path)
        } throws: { error in
            guard case let .differentFolder(_, _, rootExists) = error as? LibraryError else { return false }
            return !rootExists
        }
        var options = IndexOptions()
        options.moveRoot = true
        let summary = try Indexer(writer: try fixture.libraryStore(), options: options).index(folder: moved.path)
        #expect(summary.movedFrom == fixture.photos.path)
        #expect(summary.unchanged == 2)
        #expect(summary.missing == 0)
        #expect(Dictionary(uniqueKeysWithValues: try fixture.libraryStore().photos().map { ($0.path, $0.id) }) == ids)
        #expect(try fixture.libraryStore().root()?.path == moved.path)
    }
}
