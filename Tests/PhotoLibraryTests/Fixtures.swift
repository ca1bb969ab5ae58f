import ImageFormats
import TestSupport
import Testing
import PhotoGridSupport
import Foundation
import JPEG
import Synchronization
@testable import PhotoLibrary
@testable import SQLiteLibrary

#if canImport(Glibc)
import Glibc
@testable import Indexing
#endif

/// A scratch folder with a `photos/` folder to index and a database path beside it; removed on deinit.
/// Its library is a SQLite file there, or (`.postgres`) a new database of the throwaway cluster.
final class LibraryFixture {
    /// The store a fixture's library lives in.
    enum Kind: String, CustomTestStringConvertible, Sendable {
        case sqlite = "SQLite", postgres = "PostgreSQL"
        var testDescription: String { rawValue }

        /// Both stores: PostgreSQL only where a cluster runs (under CI its absence fails the tests).
        static var both: [Kind] {
            if case .failure = PostgresCluster.shared, !PostgresCluster.required { return [.sqlite] }
            return [.sqlite, .postgres]
        }
    }

    let base: URL
    let photos: URL
    let databasePath: String
    /// Where `libraryStore()` opens the library: `databasePath`, or a `postgres://` URL.
    let location: String

    init(_ kind: Kind = .sqlite) throws {
        base = FileManager.default.temporaryDirectory
            .appendingPathComponent("PhotoLibraryTests-\(UUID().uuidString)", isDirectory: true)
        photos = base.appendingPathComponent("photos", isDirectory: true)
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        databasePath = base.appendingPathComponent("library.sqlite").path
        location = kind == .sqlite ? databasePath : try PostgresCluster.shared.get().makeDatabase()
    }

    /// The library, in the store of the fixture's kind (opened anew at each call, as each command opens it).
    func libraryStore() throws -> any LibraryStore { try StoreConformanceTests.open(location, creating: true) }

    deinit { try? FileManager.default.removeItem(at: base) }

    /// The absolute path bytes of `relative` under `photos/`.
    func pathBytes(_ relative: [UInt8]) -> [UInt8] {
        Array(photos.path.utf8) + [UInt8(ascii: "/")] + relative
    }

    /// Writes `bytes` to the file `relative` (raw name bytes) under `photos/`, creating folders.
    func write(_ bytes: [UInt8], to relative: [UInt8]) throws {
        if let slash = relative.lastIndex(of: UInt8(ascii: "/")) {
            try makeFolder(Array(relative[..<slash]))
        }
        let descriptor = pathBytes(relative).withNULTerminated { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw POSIXError(.EIO) }
    }

    func write(_ bytes: [UInt8], to relative: String) throws { try write(bytes, to: Array(relative.utf8)) }

    /// Copies `SampleImages/<sample>` to `relative`.
    func copySample(_ sample: String, to relative: String) throws {
        try write(try Repository.sample(sample), to: relative)
    }

    /// Creates `relative` (and its parents) under `photos/`.
    func makeFolder(_ relative: [UInt8]) throws {
        var prefix: [UInt8] = []
        for component in relative.split(separator: UInt8(ascii: "/")) {
            prefix += (prefix.isEmpty ? [] : [UInt8(ascii: "/")]) + component
            let result = pathBytes(prefix).withNULTerminated { mkdir($0, 0o755) }
            guard result == 0 || errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }

    /// Sets the modification time of `relative` to `seconds` after the epoch (plus `nanoseconds`).
    func setModificationTime(_ relative: String, seconds: Int, nanoseconds: Int = 0) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        let result = pathBytes(Array(relative.utf8)).withNULTerminated { utimensat(AT_FDCWD, $0, &times, 0) }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: photos.appendingPathComponent(relative))
    }

    func rename(_ from: String, to: String) throws {
        let result = pathBytes(Array(from.utf8)).withNULTerminated { source in
            pathBytes(Array(to.utf8)).withNULTerminated { Glibc.rename(source, $0) }
        }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Creates a symbolic link at `relative` pointing to `target` (as written).
    func symlink(_ relative: String, to target: String) throws {
        let result = pathBytes(Array(relative.utf8)).withNULTerminated { Glibc.symlink(target, $0) }
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    func store(migrations: [Migration] = Migration.embedded) throws(LibraryError) -> SQLiteStore {
        try SQLiteStore(path: databasePath, migrations: migrations)
    }

    /// Indexes `photos/` with `options` into the fixture's database.
    @discardableResult
    func index(_ options: IndexOptions = IndexOptions()) throws -> IndexSummary {
        try Indexer(writer: try libraryStore(), options: options).index(folder: photos.path)
    }

    /// The photos in grid order, keyed by display path.
    func photosByPath() throws -> [String: Photo] {
        Dictionary(uniqueKeysWithValues: try libraryStore().photos().map { ($0.path, $0) })
    }
}

/// The real probe, counting its calls: proves which files a run opened.
final class CountingProbe: Sendable {
    let calls = Atomic<Int>(0)
    let paths = Mutex<[String]>([])

    var fileProbe: FileProbe {
        FileProbe { [self] descriptor, path, format throws(ImageFormatError) -> ImageFacts in
            calls.add(1, ordering: .relaxed)
            paths.withLock { $0.append(path) }
            return try FileProbe.formats.probe(descriptor, path, format)
        }
    }

    var count: Int { calls.load(ordering: .relaxed) }

    func reset() {
        calls.store(0, ordering: .relaxed)
        paths.withLock { $0.removeAll() }
    }
}

extension IndexOptions {
    /// Default options with the given probe.
    static func probing(with probe: FileProbe, jobs: Int = 2) -> IndexOptions {
        var options = IndexOptions()
        options.fileProbe = probe
        options.jobs = jobs
        return options
    }
}

/// Byte surgery on JPEG files, for the bad-input tests.
enum JPEGPatch {
    /// The offset of the first occurrence of `pattern` in `bytes`.
    static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard pattern.count <= bytes.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { start in
            bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }
}
