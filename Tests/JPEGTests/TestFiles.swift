import Foundation

/// Paths of the repository's sample photos and a scratch directory for generated files.
enum TestFiles {
    /// The repository root, found from this file's path (Tests/JPEGTests/TestFiles.swift).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `SampleImages/<name>`.
    static func sample(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("SampleImages").appendingPathComponent(name).path
    }

    /// The bytes of `SampleImages/<name>`.
    static func sampleBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: sample(name))))
    }
}

/// A fresh temporary directory, removed when the value is deinitialised.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("JPEGTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `bytes` to `name` in the directory and returns its path.
    func write(_ bytes: [UInt8], as name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
