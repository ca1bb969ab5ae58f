import Foundation
import JPEG
import Testing
@testable import PhotoLibrary

/// The committed sample photos, indexed for real. Expected values from SampleImages/SOURCES.md
/// (sizes read from the files' SOF markers, orientation from their EXIF), written as literals.
@Suite struct SampleImageIndexTests {
    /// (path, stored width, stored height, orientation, display width, display height)
    static let expected: [(String, Int, Int, Int, Int, Int)] = [
        ("wine-portrait.jpg", 1068, 1600, 1, 1068, 1600),
        ("aitzgorri.jpg", 1600, 1065, 1, 1600, 1065),
        ("friends-portrait.jpg", 1065, 1600, 1, 1065, 1600),
        ("sunset.jpg", 1600, 1067, 1, 1600, 1067),
        ("picosdeeuropa-panorama.jpg", 2400, 662, 1, 2400, 662),
        ("umang.jpg", 1600, 900, 1, 1600, 900),
        ("seeding-wide.jpg", 1600, 900, 1, 1600, 900),
        ("dragonfly.jpg", 1600, 1200, 1, 1600, 1200),
        ("infinite-sea-square.jpg", 1200, 1200, 1, 1200, 1200),
        ("storm-canon.jpg", 1200, 800, 1, 1200, 800),
        ("orientation/Landscape_1.jpg", 600, 400, 1, 600, 400),
        ("orientation/Landscape_2.jpg", 600, 400, 2, 600, 400),
        ("orientation/Landscape_3.jpg", 600, 400, 3, 600, 400),
        ("orientation/Landscape_4.jpg", 600, 400, 4, 600, 400),
        ("orientation/Landscape_5.jpg", 400, 600, 5, 600, 400),
        ("orientation/Landscape_6.jpg", 400, 600, 6, 600, 400),
        ("orientation/Landscape_7.jpg", 400, 600, 7, 600, 400),
        ("orientation/Landscape_8.jpg", 400, 600, 8, 600, 400),
        ("orientation/Portrait_1.jpg", 400, 600, 1, 400, 600),
        ("orientation/Portrait_2.jpg", 400, 600, 2, 400, 600),
        ("orientation/Portrait_3.jpg", 400, 600, 3, 400, 600),
        ("orientation/Portrait_4.jpg", 400, 600, 4, 400, 600),
        ("orientation/Portrait_5.jpg", 600, 400, 5, 400, 600),
        ("orientation/Portrait_6.jpg", 600, 400, 6, 400, 600),
        ("orientation/Portrait_7.jpg", 600, 400, 7, 400, 600),
        ("orientation/Portrait_8.jpg", 600, 400, 8, 400, 600),
    ]

    @Test func everySamplePhotoHasItsTrueSizeAndOrientation() throws {
        let fixture = try LibraryFixture()
        let summary = try Indexer(store: try fixture.store()).index(folder: Repository.sampleImages.path)
        #expect(summary.scanned == 26)
        #expect(summary.added == 26)
        #expect(summary.errors == 0)
        // The 26 JPEGs plus SOURCES.md and orientation/LICENSE (checked for a JPEG start once).
        #expect(summary.filesOpened == 28)

        let photos = Dictionary(uniqueKeysWithValues: try fixture.store().photos().map { ($0.path, $0) })
        #expect(photos.count == 26)
        for (path, storedWidth, storedHeight, orientation, pixelWidth, pixelHeight) in Self.expected {
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

        let root = try #require(try fixture.store().root())
        #expect(root.path == Repository.sampleImages.resolvingSymlinksInPath().path)
    }

    @Test func oneJobAndManyJobsGiveTheSameRowsAndIDs() throws {
        func index(jobs: Int) throws -> [Photo] {
            let fixture = try LibraryFixture()
            var options = IndexOptions()
            options.jobs = jobs
            _ = try Indexer(store: try fixture.store(), options: options).index(folder: Repository.sampleImages.path)
            return try fixture.store().photos().map { photo in
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
