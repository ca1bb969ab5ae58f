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
            let committed = try Self.rows(database, "SELECT path FROM photos", scratch: folder).map { $0[0] }
            #expect(committed.count >= 256, "\(command): \(committed.count) rows")  // at least the first batch
            #expect(Set(committed).isSubset(of: names))
        }
    }

    /// `thumbs`, `worker` and `export` writing thumbnails to a 256 KiB tmpfs stop at the first ENOSPC: exit 1,
    /// one line `no space left on FOLDER (…): stopped after N made`, no per-photo failure; N is the number of
    /// thumbnails recorded (sqlite3), each of them a file of its recorded size there (stat), fewer than the
    /// 26 photos (it printed 4,508 failures and exited 0).
    @Test(.enabled(if: mounts && FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs root (mount -t tmpfs) and sqlite3"),
          .timeLimit(.minutes(2)))
    func makingThumbnailsStopsAtTheFirstFullDisk() throws {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-full-thumbs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.copyItem(at: Repository.sampleImages, to: photos)
        let database = folder.appendingPathComponent("library.sqlite").path
        #expect(try PhotoGridBinary.run(["index", photos.path, "--db", database]).status == 0)
        let line = try Regex(#"^photogrid: error: no space left on (.+) \(No space left on device \(errno 28\)\): stopped after ([0-9]+) made\n$"#)
        for command in ["thumbs", "worker", "export"] {
            let disk = try #require(try SmallFileSystem.make(bytes: command == "export" ? 1 << 20 : 256 << 10))
            defer { disk.unmount() }
            // The library's records start empty each time (sqlite3 deletes them).
            #expect(try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), [database, "DELETE FROM thumbnails"]).status == 0)
            let out = disk.path + "/thumbnails"
            let arguments = switch command {
            case "thumbs": ["thumbs", "--db", database, "--out", out]
            case "worker": ["worker", "--db", database, "--out", out, "--until-done"]
            default: ["export", photos.path, "--out", disk.path + "/gallery"]
            }
            let run = try PhotoGridBinary.run(arguments, in: folder)
            #expect(run.status == 1, "\(command): \(run.stderr)")
            let match = try #require(try line.wholeMatch(in: run.stderr), "\(command): \(run.stderr)")
            let made = Int(try #require(match.output[2].substring))!
            let thumbnails = command == "export" ? disk.path + "/gallery/thumbnails" : out
            #expect(match.output[1].substring.map(String.init) == thumbnails)
            let recorded = command == "export" ? disk.path + "/gallery/photogrid.sqlite" : database
            let rows = try Self.rows(recorded, "SELECT status, path, byte_size FROM thumbnails", scratch: folder)
            #expect(rows.count == made && rows.allSatisfy { $0[0] == "ok" }, "\(command): \(rows)")
            #expect(made > 0 && made < 26, "\(command): \(made) made")
            for row in rows {
                var status = stat()
                #expect(stat(thumbnails + "/" + row[1], &status) == 0 && Int(status.st_size) == Int(row[2]), "\(command): \(row)")
            }
            // Filled: what is free now is what the process gave back as it ended (export's library closes
            // and SQLite removes its write-ahead log: up to a quarter of its 1 MiB disk).
            #expect(disk.freeBytes < (command == "export" ? 512 << 10 : 128 << 10), "\(command): the disk did not fill (\(disk.freeBytes) bytes free)")
        }
    }

    /// The rows `sql` reads from the SQLite library at `database` (its columns split at `|`), read by sqlite3
    /// from a copy on another disk.
    static func rows(_ database: String, _ sql: String, scratch: URL) throws -> [[String]] {
        let copy = scratch.appendingPathComponent("copy-\(UUID().uuidString).sqlite").path
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + suffix)
        }
        let run = try PhotoGridBinary.run(executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), [copy, sql])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdoutText.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
    }
}
