import TestSupport
import PhotoGridSupport
import Foundation
import Testing
@testable import PhotoLibrary

#if canImport(Glibc)
import Glibc
@testable import Indexing
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

    /// A tree of 3 depths and 45 folders, walked on 4 threads, lists what `find` lists (files, sizes,
    /// modification times), in byte order; on 1 thread, the same walk.
    @Test func aTreeOfManyFoldersIsListedAsFindListsIt() throws {
        let find = try #require(ExternalTool("find"), "needs find(1)")
        let fixture = try LibraryFixture()
        var random = SplitMix64(seed: 24)
        for year in 0..<3 {
            for month in 0..<4 {
                for day in 0..<3 {
                    for photo in 0..<Int(random.next() % 4) {
                        let bytes = Array(repeating: UInt8(photo), count: Int(random.next() % 50))
                        try fixture.write(bytes, to: "200\(year)/\(month)/d\(day)/IMG_\(photo).JPG")
                    }
                }
                try fixture.write([1], to: "200\(year)/\(month)/.hidden.jpg")
            }
            try fixture.write([1, 2], to: "200\(year)/top.heic")
        }
        try fixture.symlink("2000/link.jpg", to: "top.heic")
        let listed = try find.text([fixture.photos.path, "-type", "f", "-printf", "%P %s %T@\n"])
        // Hidden entries left out by their path under the root (the root's own path may have a dot).
        let visible = listed.split(separator: "\n").filter { line in
            !line.split(separator: " ")[0].split(separator: "/").contains { $0.hasPrefix(".") }
        }
        let expected = visible.map { line -> String in
            let fields = line.split(separator: " ")
            let time = fields[2].split(separator: ".")  // seconds "." 10 digits (nanoseconds, then 0)
            return "\(fields[0]) \(fields[1]) \(time[0])\(time[1].prefix(9))"
        }.sorted { PathBytes.precedes(Array($0.utf8), Array($1.utf8)) }
        let parallel = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8), threads: 4)
        let described = parallel.files.map {
            "\(String(decoding: $0.relativePath, as: UTF8.self)) \($0.size) \($0.modificationTimeNanoseconds)"
        }
        #expect(expected.count > 40)
        #expect(described == expected)
        let serial = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8), threads: 1)
        #expect(serial.files == parallel.files)
        #expect(serial.skipped == parallel.skipped)
        #expect(paths(parallel).filter { $0.hasSuffix(".hidden.jpg") }.isEmpty)
        #expect(parallel.skipped.filter { $0.kind == .hidden }.count == 12)
        #expect(parallel.skipped.filter { $0.kind == .symlink }.count == 1)
    }

    /// A folder mounted at three more places (one of them inside itself) is listed once, at its
    /// shallowest path, whatever the order of the names; the walk ends. Needs `mount --bind` (root).
    @Test(.enabled(if: Self.bindMountsWork, "mount --bind is not permitted here (needs root)"))
    func aFolderSeenTwiceIsListedOnceAtItsShallowestPath() throws {
        let fixture = try LibraryFixture()
        try fixture.write([1], to: "x/inner/p.jpg")
        for folder in ["y", "a/b", "x/inner/loop"] {
            try FileManager.default.createDirectory(at: fixture.photos.appendingPathComponent(folder),
                                                    withIntermediateDirectories: true)
        }
        var mounted: [String] = []
        defer { withExtendedLifetime(fixture) {} }  // its folder is removed only after the unmounts below
        // Unmounted before the fixture's folder is removed (never removing through a bind of it): a
        // mount that will not go is detached (`umount -l`), which takes it out of the tree at once.
        defer {
            for target in mounted.reversed() where (try? CleanSpawn.run(["/usr/bin/umount", target])) != 0 {
                _ = try? CleanSpawn.run(["/usr/bin/umount", "-l", target])
            }
        }
        for (source, target) in [("x", "y"), ("x", "a/b"), (".", "x/inner/loop")] {
            let targetPath = fixture.photos.appendingPathComponent(target).path
            let status = try CleanSpawn.run(["/usr/bin/mount", "--bind",
                                             fixture.photos.appendingPathComponent(source).path, targetPath])
            try #require(status == 0, "mount --bind \(source) \(target)")
            mounted.append(targetPath)
        }
        for threads in [1, 4] {
            let result = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8), threads: threads)
            #expect(paths(result) == ["x/inner/p.jpg"])
        }
    }

    /// A folder where proc is mounted is not listed: it is counted once as `pseudo` and none of its entries
    /// is seen (listing /proc's thousands of entries took seconds); the binary's summary says so. stat(1)
    /// names the mount's type, the independent fact. Needs `mount -t proc` (root).
    @Test(.enabled(if: Self.procMountsWork, "mount -t proc is not permitted here (needs root)"), .timeLimit(.minutes(1)))
    func aPseudoFileSystemIsSkippedAndCounted() throws {
        let fixture = try LibraryFixture()
        try fixture.write([1], to: Array("a/p.jpg".utf8))
        let proc = fixture.photos.appendingPathComponent("a/proc").path
        try FileManager.default.createDirectory(atPath: proc, withIntermediateDirectories: true)
        try #require(try CleanSpawn.run(["/usr/bin/mount", "-t", "proc", "proc", proc]) == 0, "mount -t proc")
        defer {
            if (try? CleanSpawn.run(["/usr/bin/umount", proc])) != 0 { _ = try? CleanSpawn.run(["/usr/bin/umount", "-l", proc]) }
        }
        let type = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/stat"), ["-f", "-c", "%T", proc])
        #expect(type.stdoutText == "proc\n")
        for threads in [1, 4] {
            let clock = ContinuousClock(), started = clock.now
            let result = try DirectoryWalker.walk(root: Array(fixture.photos.path.utf8), threads: threads)
            #expect(clock.now - started < .milliseconds(500))
            #expect(paths(result) == ["a/p.jpg"])
            #expect(result.skipped == [SkippedEntry(relativePath: Array("a/proc".utf8), kind: .pseudo)])
        }
        let index = try PhotoGridBinary.run(["index", fixture.photos.path, "--db", fixture.databasePath])
        #expect(index.status == 0 && index.stdoutText.contains("Skipped 1 of 2 entries: 1 pseudo file system"), "\(index.stdoutText)")
    }

    /// Whether this process may mount proc (root with the capability; a container may refuse it).
    static let procMountsWork: Bool = {
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("photogrid-proc-\(getpid())")
        defer { try? FileManager.default.removeItem(at: target) }
        guard getuid() == 0, (try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)) != nil,
              (try? CleanSpawn.run(["/usr/bin/mount", "-t", "proc", "proc", target.path])) == 0 else { return false }
        if (try? CleanSpawn.run(["/usr/bin/umount", target.path])) != 0 { _ = try? CleanSpawn.run(["/usr/bin/umount", "-l", target.path]) }
        return true
    }()

    /// Whether this process may bind-mount (root with the capability; a container may refuse it).
    static let bindMountsWork: Bool = {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("photogrid-bind-\(getpid())")
        let source = base.appendingPathComponent("source"), target = base.appendingPathComponent("target")
        defer { try? FileManager.default.removeItem(at: base) }
        guard getuid() == 0,
              (try? FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)) != nil,
              (try? FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)) != nil,
              (try? CleanSpawn.run(["/usr/bin/mount", "--bind", source.path, target.path])) == 0 else { return false }
        if (try? CleanSpawn.run(["/usr/bin/umount", target.path])) != 0 {
            _ = try? CleanSpawn.run(["/usr/bin/umount", "-l", target.path])
        }
        return true
    }()

    @Test func bytePathOrderIsMemcmpOrder() {
        #expect(PathBytes.precedes(Array("a".utf8), Array("b".utf8)))
        #expect(PathBytes.precedes(Array("a".utf8), Array("a/b".utf8)))
        #expect(PathBytes.precedes(Array("B".utf8), Array("a".utf8)))           // uppercase sorts first
        #expect(PathBytes.precedes(Array("z".utf8), [0xFF]))                     // high bytes last
        #expect(!PathBytes.precedes(Array("same".utf8), Array("same".utf8)))
        #expect(!PathBytes.precedes([], []))
    }
}
