import TestSupport
import Foundation
import JPEG
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary
@testable import Indexing

/// The committed sample photos, indexed for real, against `SamplePhotos.facts`.
@Suite struct SampleImageIndexTests {
    @Test(arguments: LibraryFixture.Kind.both)
    func everySamplePhotoHasItsTrueSizeAndOrientation(_ kind: LibraryFixture.Kind) throws {
        let fixture = try LibraryFixture(kind)
        let summary = try Indexer(writer: try fixture.libraryStore()).index(folder: Repository.sampleImages.path)
        #expect(summary.scanned == 26)
        #expect(summary.added == 26)
        #expect(summary.errors == 0)
        // The 26 JPEGs plus SOURCES.md and orientation/LICENSE (checked for a JPEG start once).
        #expect(summary.filesOpened == 28)

        let photos = Dictionary(uniqueKeysWithValues: try fixture.libraryStore().photos().map { ($0.path, $0) })
        #expect(photos.count == 26)
        for (path, storedWidth, storedHeight, orientation, pixelWidth, pixelHeight) in SamplePhotos.facts {
            let photo = try #require(photos[path], "\(path) not indexed")
            #expect(photo.status == .ok, "\(path)")
            #expect(photo.storedWidth == storedWidth, "\(path)")
            #expect(photo.storedHeight == storedHeight, "\(path)")
            #expect(photo.orientation == orientation, "\(path)")
            #expect(photo.pixelWidth == pixelWidth, "\(path)")
            #expect(photo.pixelHeight == pixelHeight, "\(path)")
            #expect(photo.colorSpace == "ycbcr", "\(path)")
            #expect(photo.components == 3, "\(path)")
        }
        // SOURCES.md: sunset and seeding-wide are the progressive ones.
        #expect(Set(photos.values.filter { $0.isProgressive == true }.map(\.path)) == ["sunset.jpg", "seeding-wide.jpg"])
        // storm-canon.jpg carries a Canon EOS 400D EXIF block with DateTimeOriginal 2008:04:20 19:12:06.
        #expect(photos["storm-canon.jpg"]?.takenAt == "2008-04-20T19:12:06")
        #expect(photos["storm-canon.jpg"]?.sortKey == "2008-04-20T19:12:06")
        // Content key: the file size, then the JPEG probe's prefix digest in 16 hex digits.
        let digest = try JPEGHeader.probe(path: Repository.sampleImages.appendingPathComponent("storm-canon.jpg").path).prefixDigest
        let hex = String(digest, radix: 16)
        #expect(photos["storm-canon.jpg"]?.contentKey == "60957-" + String(repeating: "0", count: 16 - hex.count) + hex)
        #expect(photos["storm-canon.jpg"]?.fileSize == 60957)

        let root = try #require(try fixture.libraryStore().root())
        #expect(root.path == Repository.sampleImages.resolvingSymlinksInPath().path)
    }

    @Test func oneJobAndManyJobsGiveTheSameRowsAndIDs() throws {
        func index(jobs: Int) throws -> [Photo] {
            let fixture = try LibraryFixture()
            var options = IndexOptions()
            options.jobs = jobs
            _ = try Indexer(writer: try fixture.libraryStore(), options: options).index(folder: Repository.sampleImages.path)
            return try fixture.libraryStore().photos().map { photo in
                var photo = photo
                photo.firstSeen = ""
                photo.lastSeen = ""
                return photo
            }
        }
        let serial = try index(jobs: 1)
        #expect(serial.count == 26)
        #expect(try index(jobs: 7) == serial)
    }
}
