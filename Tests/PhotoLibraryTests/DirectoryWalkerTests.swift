import TestSupport
import PhotoGridSupport
import Foundation
import Testing
@testable import PhotoLibrary

#if canImport(Glibc)
import Glibc
#endif

@Suite struct DirectoryWalkerTests {
    private func walk(_ fixture: LibraryFixture) throws -> DirectoryWalk {
        try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8))
    }

    private func paths(_ walk: DirectoryWalk) -> [String] {
        walk.files.map { String(decoding: $0.relativePath, as: UTF8.self) }
    }

    @Test func listsRegularFilesRecursivelyInByteOrderWithSizes() throws {
        let fixture = try LibraryFixture()
        try fixture.write(Array(repeating: 1, count: 10), to: "b.jpg")
        try fixture.write(Array(repeating: 2, count: 3), to: "a/z.txt")
        try fixture.write([], to: "a/B.JPEG")
        try fixture.write(Array(repeating: 3, count: 5), to: "a/deeper/c.Jpg")
        try fixture.setModificationTime("b.jpg", seconds: 1_234_567_890, nanoseconds: 123_456_789)
        let result = try walk(fixture)
        #expect(paths(result) == ["a/B.JPEG", "a/deeper/c.Jpg", "a/z.txt", "b.jpg"])
        #expect(result.files.map(\.size) == [0, 5, 3, 10])
        #expect(result.files.map(\.hasPhotoName) == [true, true, false, true])
        #expect(result.files[3].modificationTimeNanoseconds == 1_234_567_890_123_456_789)
        #expect(result.unreadableFolders.isEmpty)
    }

    @Test func hiddenFilesAndFoldersAreSkipped() throws {
        let fixture = try LibraryFixture()
        let jpeg = try Repository.sample("orientation/Landscape_1.jpg")
        try fixture.write(jpeg, to: ".hidden.jpg")
        try fixture.write(jpeg, to: ".thumbnails/cache.jpg")
        try fixture.write(jpeg, to: "visible/.also-hidden.jpg")
        try fixture.write(jpeg, to: "visible/shown.jpg")
        #expect(paths(try walk(fixture)) == ["visible/shown.jpg"])
    }

    @Test func symlinkLoopsTerminateAndLinksAreNotFollowed() throws {
        let fixture = try LibraryFixture()
        let jpeg = try Repository.sample("orientation/Landscape_1.jpg")
        try fixture.write(jpeg, to: "album/one.jpg")
        try fixture.symlink("album/loop", to: ".")          // album/loop → album
        try fixture.symlink("album/up", to: "..")           // album/up → photos
        try fixture.symlink("self", to: "self")             // a link to itself
        try fixture.symlink("alias.jpg", to: "album/one.jpg")
        #expect(paths(try walk(fixture)) == ["album/one.jpg"])
    }

    @Test func symlinksOutOfTheRootAreNotFollowed() throws {
        let fixture = try LibraryFixture()
        let outside = fixture.base.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(try Repository.sample("orientation/Landscape_1.jpg")).write(to: outside.appendingPathComponent("secret.jpg"))
        try fixture.write(try Repository.sample("orientation/Landscape_2.jpg"), to: "inside.jpg")
        try fixture.symlink("escape", to: outside.path)
        try fixture.symlink("escape-relative", to: "../outside")
        try fixture.symlink("secret-link.jpg", to: outside.appendingPathComponent("secret.jpg").path)
        #expect(paths(try walk(fixture)) == ["inside.jpg"])
    }

    @Test func oddNamesSurviveByteForByte() throws {
        let fixture = try LibraryFixture()
        let names: [[UInt8]] = [
            Array("with space.jpg".utf8),
            Array("new\nline.jpg".utf8),
            [0x6C, 0x61, 0x74, 0x69, 0x6E, 0x31, 0xE9, 0x2E, 0x6A, 0x70, 0x67],  // "latin1é.jpg" in Latin-1: not UTF-8
            [0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67],                              // "\xFF\xFE.jpg"
            Array("日本語.jpg".utf8),
        ]
        for name in names { try fixture.write([1, 2, 3], to: name) }
        let found = try walk(fixture).files.map(\.relativePath)
        #expect(Set(found) == Set(names))
        #expect(found.count == names.count)
    }

    @Test func fifosAndOtherSpecialFilesAreIgnored() throws {
        let fixture = try LibraryFixture()
        let fifo = fixture.pathBytes(Array("pipe.jpg".utf8))
        #expect(fifo.withNULTerminated { mkfifo($0, 0o644) } == 0)
        try fixture.write([0xFF, 0xD8, 0xFF], to: "real.jpg")
        #expect(paths(try walk(fixture)) == ["real.jpg"])
    }

    @Test func excludedPathsAreLeftOut() throws {
        let fixture = try LibraryFixture()
        try fixture.write([1], to: "photogrid.sqlite")
        try fixture.write([1], to: "photogrid.sqlite-wal")
        try fixture.write([1], to: "keep.jpg")
        let result = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8),
                                              excluding: [Array("photogrid.sqlite".utf8), Array("photogrid.sqlite-wal".utf8)])
        #expect(paths(result) == ["keep.jpg"])
    }

    @Test func aFileAsRootIsNotAFolder() throws {
        let fixture = try LibraryFixture()
        try fixture.write([1], to: "file.jpg")
        #expect(throws: LibraryError.notADirectory(path: fixture.photos.path + "/file.jpg")) {
            _ = try DirectoryWalker.walk(root: fixture.pathBytes(Array("file.jpg".utf8)))
        }
    }

    @Test func bytePathOrderIsMemcmpOrder() {
        #expect(PathBytes.precedes(Array("a".utf8), Array("b".utf8)))
        #expect(PathBytes.precedes(Array("a".utf8), Array("a/b".utf8)))
        #expect(PathBytes.precedes(Array("B".utf8), Array("a".utf8)))           // uppercase sorts first
        #expect(PathBytes.precedes(Array("z".utf8), [0xFF]))                     // high bytes last
        #expect(!PathBytes.precedes(Array("same".utf8), Array("same".utf8)))
        #expect(!PathBytes.precedes([], []))
    }
}
