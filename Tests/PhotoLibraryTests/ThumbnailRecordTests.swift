import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary

/// The thumbnails table (migration 0002) and the store's API for it.
@Suite struct ThumbnailRecordTests {
    /// A library with two indexed photos; returns the fixture, its store and the photos by path.
    static func library() throws -> (LibraryFixture, SQLiteStore, [String: Photo]) {
        let fixture = try LibraryFixture()
        try fixture.copySample("storm-canon.jpg", to: "a.jpg")
        try fixture.copySample("umang.jpg", to: "b.jpg")
        try fixture.index()
        return (fixture, try fixture.store(), try fixture.photosByPath())
    }

    static func made(_ photo: Photo, _ variant: String, path: String, bytes: Int64 = 1234) -> ThumbnailRecord {
        ThumbnailRecord(photoID: photo.id, variant: variant,
                        outcome: .success(.init(path: path, pixelWidth: 387, pixelHeight: 387, byteSize: bytes)),
                        sourceContentKey: photo.contentKey, sourceSize: photo.fileSize,
                        sourceModificationTimeNanoseconds: photo.modificationTimeNanoseconds)
    }

    @Test func recordsRoundTripByVariant() throws {
        let (fixture, store, photos) = try Self.library()
        defer { withExtendedLifetime(fixture) {} }
        let a = try #require(photos["a.jpg"]), b = try #require(photos["b.jpg"])
        let failed = ThumbnailRecord(photoID: b.id, variant: "grid-387", outcome: .failure(ThumbnailFailure("b.jpg: truncated")),
                                     sourceContentKey: b.contentKey, sourceSize: b.fileSize,
                                     sourceModificationTimeNanoseconds: b.modificationTimeNanoseconds)
        try store.saveThumbnailRecords([Self.made(a, "grid-387", path: "grid-387/a.jpg"), failed,
                                        Self.made(a, "detail-1024", path: "detail-1024/a.jpg")],
                                       now: "2026-01-02T03:04:05Z")
        let grid = try store.thumbnailRecords(variant: "grid-387")
        #expect(grid.count == 2)
        var expected = Self.made(a, "grid-387", path: "grid-387/a.jpg")
        expected.createdAt = "2026-01-02T03:04:05Z"
        #expect(grid[a.id] == expected)
        #expect(grid[b.id]?.outcome == .failure(ThumbnailFailure("b.jpg: truncated")))
        #expect(try store.thumbnailRecords(variant: "detail-1024").keys.sorted() == [a.id])
        #expect(try store.thumbnailRecords(variant: "grid-100").isEmpty)
        // Paths: only thumbnails that were made.
        #expect(try store.thumbnailPaths(variant: "grid-387") == [a.id: "grid-387/a.jpg"])
        #expect(try store.referencedThumbnailPaths(variant: "grid-387") == ["grid-387/a.jpg"])
    }

    @Test func savingAgainReplacesTheRecord() throws {
        let (fixture, store, photos) = try Self.library()
        defer { withExtendedLifetime(fixture) {} }
        let a = try #require(photos["a.jpg"])
        try store.saveThumbnailRecords([Self.made(a, "grid-387", path: "grid-387/old.jpg")])
        try store.saveThumbnailRecords([Self.made(a, "grid-387", path: "grid-387/new.jpg", bytes: 99)])
        let record = try #require(try store.thumbnailRecords(variant: "grid-387")[a.id])
        #expect(record.outcome == .success(.init(path: "grid-387/new.jpg", pixelWidth: 387, pixelHeight: 387, byteSize: 99)))
        #expect(try store.referencedThumbnailPaths(variant: "grid-387") == ["grid-387/new.jpg"])
        // A failure replaces a made thumbnail too (and then refers to no file).
        var failed = record
        failed.outcome = .failure(ThumbnailFailure("gone"))
        try store.saveThumbnailRecords([failed])
        #expect(try store.referencedThumbnailPaths(variant: "grid-387").isEmpty)
        #expect(try store.thumbnailPaths(variant: "grid-387").isEmpty)
    }

    /// A record for a photo row that does not exist is skipped, not an error.
    @Test func recordOfAnUnknownPhotoIsSkipped() throws {
        let (fixture, store, photos) = try Self.library()
        defer { withExtendedLifetime(fixture) {} }
        var ghost = Self.made(try #require(photos["a.jpg"]), "grid-387", path: "grid-387/ghost.jpg")
        ghost.photoID = 999_999
        try store.saveThumbnailRecords([ghost])
        #expect(try store.thumbnailRecords(variant: "grid-387").isEmpty)
    }

    /// The schema refuses malformed rows (CHECK constraints of 0002).
    @Test func schemaChecks() throws {
        let (fixture, store, photos) = try Self.library()
        defer { withExtendedLifetime(fixture) {} }
        let id = try #require(photos["a.jpg"]).id
        let bad = [
            "INSERT INTO thumbnails VALUES (\(id), 'tile-5', 'ok', 'p', 1, 1, 1, NULL, NULL, 1, 1, 'now')",
            "INSERT INTO thumbnails VALUES (\(id), 'grid-5', 'ok', NULL, 1, 1, 1, NULL, NULL, 1, 1, 'now')",
            "INSERT INTO thumbnails VALUES (\(id), 'grid-5', 'error', NULL, NULL, NULL, NULL, NULL, NULL, 1, 1, 'now')",
            "INSERT INTO thumbnails VALUES (\(id), 'grid-5', 'maybe', 'p', 1, 1, 1, NULL, NULL, 1, 1, 'now')",
        ]
        for sql in bad {
            #expect(throws: DatabaseError.self) { try store.pool.write { db in try db.execute(sql: sql) } }
        }
    }

    /// Current means: the photo row still has the content key, size and mtime of the record.
    @Test func currentness() throws {
        let (fixture, store, photos) = try Self.library()
        let a = try #require(photos["a.jpg"])
        let record = Self.made(a, "grid-387", path: "grid-387/a.jpg")
        #expect(record.isCurrent(for: a))
        // The file is replaced by another photo and re-indexed: the row changes, the record is stale.
        try fixture.copySample("dragonfly.jpg", to: "a.jpg")
        try fixture.index()
        let changed = try #require(try fixture.photosByPath()["a.jpg"])
        #expect(changed.id == a.id)
        #expect(!record.isCurrent(for: changed))
        withExtendedLifetime(store) {}
    }
}
