import Foundation
import TestSupport
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// The thumbnail folder: layout, atomic writes, cleanup of temporary and orphaned files, the lock.
@Suite struct ThumbnailCacheTests {
    @Test func layoutAndTag() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("a/b/thumbs").path  // parents are created
        let cache = try ThumbnailCache(root: root, variants: [.grid(387), .detail(1024)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted()
                == [".lock", "CACHEDIR.TAG", "detail-1024", "grid-387"])
        let tag = try String(contentsOfFile: root + "/CACHEDIR.TAG", encoding: .utf8)
        #expect(tag.hasPrefix("Signature: 8a477f597d28d172789f06886806bc55"))
        #expect(cache.path(of: "grid-387/x.jpg") == root + "/grid-387/x.jpg")
    }

    /// A folder holding files photogrid did not put there is refused before anything is written:
    /// no tag, lock or variant folder appears in it.
    @Test func foreignFolderIsRefusedUntouched() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("photos").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: root + "/IMG_0001.jpg"))
        #expect(throws: ThumbnailError.notACacheFolder(path: root)) {
            _ = try ThumbnailCache(root: root, variants: [.grid(10)], owner: "aa")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["IMG_0001.jpg"])
    }

    /// A folder an older photogrid made (its tag, variant folders, no owner file) is claimed by the
    /// first library that opens it; a folder of photos an older photogrid tagged is still refused.
    @Test func olderCacheIsClaimedButATaggedPhotoFolderIsNot() throws {
        let folder = try TemporaryFolder()
        let cache = folder.url.appendingPathComponent("thumbs").path
        try FileManager.default.createDirectory(atPath: cache + "/grid-10", withIntermediateDirectories: true)
        try AtomicFile.write(Array(ThumbnailCache.tagContents.utf8), to: cache + "/CACHEDIR.TAG")
        _ = try ThumbnailCache(root: cache, variants: [.grid(10)], owner: "aa")
        #expect(try String(contentsOfFile: cache + "/.photogrid-library", encoding: .utf8).hasSuffix("\nlibrary aa\n"))

        let photos = folder.url.appendingPathComponent("photos").path
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try AtomicFile.write(Array(ThumbnailCache.tagContents.utf8), to: photos + "/CACHEDIR.TAG")
        try AtomicFile.write([0xFF, 0xD8, 0xFF], to: photos + "/IMG_0001.jpg")
        #expect(throws: ThumbnailError.notACacheFolder(path: photos)) {
            _ = try ThumbnailCache(root: photos, variants: [.grid(10)], owner: "aa")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).sorted() == ["CACHEDIR.TAG", "IMG_0001.jpg"])
    }

    /// The owner file names the first library; a second is refused and the first's files stay.
    @Test func folderBelongsToOneLibrary() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("thumbs").path
        var first: ThumbnailCache? = try ThumbnailCache(root: root, variants: [.grid(10)], owner: "aa")
        #expect(first?.created?.path == root)
        try AtomicFile.write([1, 2, 3], to: root + "/grid-10/12-00000000000000ff.jpg")
        first = nil
        #expect(try String(contentsOfFile: root + "/.photogrid-library", encoding: .utf8).hasSuffix("\nlibrary aa\n"))
        #expect(throws: ThumbnailError.otherLibrarysFolder(path: root, owner: "aa")) {
            _ = try ThumbnailCache(root: root, variants: [.grid(10)], owner: "bb")
        }
        #expect(FileManager.default.fileExists(atPath: root + "/grid-10/12-00000000000000ff.jpg"))
        let again = try ThumbnailCache(root: root, variants: [.grid(10)], owner: "aa")
        #expect(again.created == nil)
    }

    /// Two runs of one library opening a new folder at the same moment (two `photogrid worker`s started
    /// together) both open it. The folder check looks twice — the folder's listing and the owner file —
    /// and the other run may claim the folder between the two looks (it writes the owner file, the tag
    /// and a size's folder): with the owner file read first and the listing second, the check saw a
    /// folder of files and no owner, and refused it as "not empty" (2 in 150 pairs of workers).
    @Test func aFolderClaimedBetweenTheChecksTwoLooksIsOpened() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("thumbs").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        FileManager.default.createFile(atPath: root + "/.lock", contents: Data())
        try ThumbnailCache.checkOwnership(root, owner: "aa") {
            // The other run, in the order ThumbnailCache.init writes.
            try? AtomicFile.write(Array(ThumbnailCache.ownerFileContents("aa").utf8), to: root + "/.photogrid-library")
            try? AtomicFile.write(Array("Signature: 8a477f597d28d172789f06886806bc55\n".utf8), to: root + "/CACHEDIR.TAG")
            try? FileManager.default.createDirectory(atPath: root + "/grid-10", withIntermediateDirectories: false)
        }
        // And a library of its own is still told apart.
        #expect(throws: ThumbnailError.otherLibrarysFolder(path: root, owner: "aa")) {
            try ThumbnailCache.checkOwnership(root, owner: "bb")
        }
    }

    /// removeVariants(keeping:) removes the thumbnails and folders of other sizes, and leaves a
    /// folder alone when something not named like a thumbnail is in it.
    @Test func removeVariantsKeepsOnlyTheGivenSizes() throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appendingPathComponent("thumbs").path
        let cache = try ThumbnailCache(root: root, variants: [.grid(10), .grid(20), .detail(30)], owner: "aa")
        try AtomicFile.write([1], to: root + "/grid-10/1-0a.jpg")
        try AtomicFile.write([1], to: root + "/grid-20/1-0a.jpg")
        try AtomicFile.write([1], to: root + "/grid-20/2-0b.jpg")
        try AtomicFile.write([1], to: root + "/detail-30/1-0a.jpg")
        try AtomicFile.write([1], to: root + "/detail-30/notes.txt")
        #expect(cache.removeVariants(keeping: ["grid-10"]) == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".") }.sorted()
                == ["CACHEDIR.TAG", "detail-30", "grid-10"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/detail-30") == ["notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/grid-10") == ["1-0a.jpg"])
    }

    @Test func relativePathsAreNamedByContentKey() {
        #expect(ThumbnailCache.relativePath(variant: .grid(387), contentKey: "3966072-0123456789abcdef", photoID: 5)
                == "grid-387/3966072-0123456789abcdef.jpg")
        #expect(ThumbnailCache.relativePath(variant: .detail(1024), contentKey: "12-00000000000000ff", photoID: 5)
                == "detail-1024/12-00000000000000ff.jpg")
        // Anything else could escape the folder or be no name at all: the photo id is used instead.
        let longest = String(repeating: "9", count: 20) + "-" + String(repeating: "f", count: 64)
        #expect(ThumbnailCache.relativePath(variant: .grid(10), contentKey: longest, photoID: 42) == "grid-10/\(longest).jpg")
        for key in ["../../etc/passwd", "", "-", "12-", "-ab", "12-AB", "1/2-ab", "1-2-3", "12-ab-", "1a-ab", "12-ag",
                    String(repeating: "9", count: 21) + "-ab", "12-" + String(repeating: "f", count: 65), nil] as [String?] {
            #expect(ThumbnailCache.relativePath(variant: .grid(10), contentKey: key, photoID: 42) == "grid-10/id-42.jpg")
        }
    }

    @Test func variantNames() {
        #expect(ThumbnailVariant.grid(387).name == "grid-387")
        #expect(ThumbnailVariant.detail(1024).name == "detail-1024")
        #expect(ThumbnailVariant(name: "grid-387") == .grid(387))
        #expect(ThumbnailVariant(name: "detail-1024") == .detail(1024))
        for name in ["grid-0", "grid-", "grid-01", "tile-5", "grid-5x", "grid"] { #expect(ThumbnailVariant(name: name) == nil) }
    }

    @Test func atomicWriteReplacesAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file.jpg"
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4, 5], to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([4, 5]))
        #expect(try folder.names() == ["file.jpg"])
    }

    @Test func failedWriteLeavesNothing() throws {
        let folder = try TemporaryFolder()
        // The final name is a non-empty folder: rename(2) fails, the temporary file is removed.
        try FileManager.default.createDirectory(atPath: folder.path + "/taken.jpg/inside", withIntermediateDirectories: true)
        #expect(throws: ThumbnailError.self) { try AtomicFile.write([1, 2, 3], to: folder.path + "/taken.jpg") }
        #expect(try folder.names() == ["taken.jpg"])
        // No folder: open fails, nothing is created.
        #expect {
            try AtomicFile.write([1], to: folder.path + "/missing/x.jpg")
        } throws: { error in
            guard case let .system(call, path, code) = error as? ThumbnailError else { return false }
            return call == "open" && code == ENOENT && path.hasPrefix(folder.path + "/missing/.tmp-x.jpg.")
        }
    }

    /// Temporary files left by a killed run are removed when the cache is opened; orphaned
    /// thumbnails when asked; anything not named like ours stays.
    @Test func cleanup() throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/thumbs"
        do {
            _ = try ThumbnailCache(root: root, variants: [.grid(10)])
        }
        for name in [".tmp-1-0123456789abcdef.jpg.999.1", "1-0123456789abcdef.jpg", "2-00000000000000aa.jpg",
                     "id-7.jpg", "notes.txt", "holiday.jpg"] {
            try folder.write([0xFF], to: "thumbs/grid-10/" + name)
        }
        let cache = try ThumbnailCache(root: root, variants: [.grid(10)])
        #expect(try folder.names(in: "thumbs/grid-10")
                == ["1-0123456789abcdef.jpg", "2-00000000000000aa.jpg", "holiday.jpg", "id-7.jpg", "notes.txt"])
        let removed = cache.removeUnreferenced(.grid(10), keeping: ["grid-10/1-0123456789abcdef.jpg"])
        #expect(removed == 2)
        #expect(try folder.names(in: "thumbs/grid-10") == ["1-0123456789abcdef.jpg", "holiday.jpg", "notes.txt"])
        #expect(cache.fileSize(of: "grid-10/1-0123456789abcdef.jpg") == 1)
        #expect(cache.fileSize(of: "grid-10/none.jpg") == nil)
        #expect(cache.fileSize(of: "grid-10") == nil)  // a folder is not a thumbnail
    }

    /// A second opener of the same folder does not wait for the first (both may write), and leaves
    /// temporary files alone while the first has the folder open: they may be the first's writes in
    /// progress. Alone again, an opener removes them.
    @Test func openersShareTheFolder() throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/thumbs"
        var first: ThumbnailCache? = try ThumbnailCache(root: root, variants: [.grid(10)])
        let temporary = AtomicFile.temporaryPrefix + "1-00000000000000aa.jpg.99999.1"
        try folder.write([1, 2, 3], to: "thumbs/grid-10/" + temporary)
        // Opened on a thread of its own, so that a second opener that waited would fail the test
        // rather than hang it.
        let opened = DispatchSemaphore(value: 0)
        let box = LockedBox<ThumbnailCache>()
        Thread.detachNewThread {
            box.value = try? ThumbnailCache(root: root, variants: [.grid(10)])
            opened.signal()
        }
        #expect(opened.wait(timeout: .now() + 5) == .success, "the second opener waited for the first")
        var second: ThumbnailCache? = try #require(box.value)
        box.value = nil
        #expect(try folder.names(in: "thumbs/grid-10") == [temporary])
        // Neither may remove unreferenced files while the other is open.
        #expect(try #require(first).withExclusiveAccess { 1 } == nil, "the first opener had the folder to itself beside the second")
        #expect(try #require(second).withExclusiveAccess { 1 } == nil, "the second opener had the folder to itself beside the first")
        // Another opener while both are open leaves them too.
        _ = try ThumbnailCache(root: root, variants: [.grid(10)])
        #expect(try folder.names(in: "thumbs/grid-10") == [temporary])
        // Closing the first (its lock file with it) leaves the second alone in the folder: it may remove
        // unreferenced files now, and still leaves temporary files alone (it removes them only when opened).
        first = nil
        #expect(try #require(second).withExclusiveAccess { 1 } == 1)
        #expect(try folder.names(in: "thumbs/grid-10") == [temporary])
        // Alone again (the second closed too), an opener removes them.
        second = nil
        _ = try ThumbnailCache(root: root, variants: [.grid(10)])
        #expect(try folder.names(in: "thumbs/grid-10") == [])
    }

    /// A new folder another process is setting up at the same moment (its lock file and its owner
    /// file still temporary) is not mistaken for someone else's folder.
    @Test func folderBeingSetUpByAnotherProcessIsOurs() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/thumbs", withIntermediateDirectories: true)
        try folder.write([], to: "thumbs/.lock")
        try folder.write(Array("library x\n".utf8), to: "thumbs/" + AtomicFile.temporaryPrefix + ".photogrid-library.99999.1")
        _ = try ThumbnailCache(root: folder.path + "/thumbs", variants: [.grid(10)], owner: "x")
    }

    /// Alone, an opener removes the temporary files a killed run left.
    @Test func aloneTheOpenerRemovesTemporaryFiles() throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/thumbs"
        _ = try ThumbnailCache(root: root, variants: [.grid(10)])
        try folder.write([1], to: "thumbs/grid-10/" + AtomicFile.temporaryPrefix + "2-00000000000000bb.jpg.99999.2")
        _ = try ThumbnailCache(root: root, variants: [.grid(10)])
        #expect(try folder.names(in: "thumbs/grid-10") == [])
    }

    /// Two makers of one file take turns (the second waits for the first's body); makers of other
    /// files do not wait.
    @Test func fileLockSerializesMakersOfOneFile() throws {
        let folder = try TemporaryFolder()
        let cache = try ThumbnailCache(root: folder.path + "/thumbs", variants: [.grid(10)])
        let clock = ContinuousClock()
        let acquired = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? cache.withFileLock("grid-10/a.jpg") { () throws(ThumbnailError) in
                acquired.signal()
                usleep(400_000)
            }
            done.signal()
        }
        #expect(acquired.wait(timeout: .now() + 10) == .success)
        let started = clock.now
        try cache.withFileLock("grid-10/b.jpg") { () throws(ThumbnailError) in }
        #expect(clock.now - started < .milliseconds(350), "another file's lock is free (the holder keeps its own for 400 ms)")
        try cache.withFileLock("grid-10/a.jpg") { () throws(ThumbnailError) in }
        #expect(clock.now - started >= .milliseconds(250), "the same file's lock waited for the holder")
        _ = done.wait(timeout: .now() + 10)
    }

    @Test func rootThatIsAFileIsAnError() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write([1], to: "plain")
        #expect(throws: ThumbnailError.system(call: "mkdir", path: file, errno: ENOTDIR)) {
            _ = try ThumbnailCache(root: file, variants: [.grid(10)])
        }
    }
}

/// A value handed from another thread (set once, read after a semaphore).
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
