import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Commands on a full file system (a small tmpfs, `SmallFileSystem`; root only): what was committed is
/// never thrown away, and what makes files stops at the first "no space" with one line and exit 1.
@Suite("Full disk (binary)", .serialized)
struct FullDiskTests {
    /// Whether a tmpfs can be mounted here (tried once).
    static let mounts: Bool = {
        guard let probe = try? SmallFileSystem.make(bytes: 65_536) else { return false }
        probe.unmount()
        return true
    }()

    /// `count` hard links of one sample photo in a new folder `photos` under `folder`.
    static func manyPhotos(_ count: Int, in folder: URL) throws -> URL {
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let sample = Repository.sampleImages.appendingPathComponent("storm-canon.jpg").path
        for index in 0..<count { #expect(link(sample, photos.appendingPathComponent("p\(index).jpg").path) == 0) }
        return photos
    }

    /// The rows of the SQLite library at `database`, read by sqlite3 (an independent reader) from a copy on
    /// another disk (the full one has no room for the reader's shared-memory file): its photos' paths.
    static func committedPaths(_ database: String, scratch: URL) throws -> [String] {
        let copy = scratch.appendingPathComponent("copy-\(UUID().uuidString).sqlite").path
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + suffix)
        }
        let run = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), [copy, "SELECT path FROM photos"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdoutText.split(separator: "\n").map(String.init)
    }

    /// The first index run of a new library on a file system that fills mid-run fails (exit 1), and the
    /// batches it committed stay: the database is there and holds them (sqlite3 reads them; each row a file
    /// of the folder). `export` into a new folder there keeps its library the same way.
    @Test(.enabled(if: mounts && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs root (mount -t tmpfs) and sqlite3"),
          .timeLimit(.minutes(2)))
    func aFullDiskNeverDeletesCommittedRows() throws {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-full-disk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = try Self.manyPhotos(6000, in: folder)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: photos.path))
        for command in ["index", "export"] {
            let disk = try #require(try SmallFileSystem.make(bytes: 1 << 20))
            defer { disk.unmount() }
            let database = command == "index" ? disk.path + "/library.sqlite" : disk.path + "/gallery/photogrid.sqlite"
            let arguments = command == "index" ? ["index", photos.path, "--db", database] : ["export", photos.path, "--out", disk.path + "/gallery"]
            let run = try PhotoGridBinary.run(arguments, in: folder)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("full"), "\(command): \(run.stderr)")
            #expect(disk.freeBytes < 64 << 10, "\(command): the disk did not fill")
            #expect(FileManager.default.fileExists(atPath: database), "\(command) deleted its database")
            let committed = try Self.committedPaths(database, scratch: folder)
            #expect(committed.count >= 256, "\(command): \(committed.count) rows")  // at least the first batch
            #expect(Set(committed).isSubset(of: names))
        }
    }
}
