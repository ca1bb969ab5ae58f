import Foundation

/// Paths under the repository's `SampleImages/` and a scratch directory, for the format modules' tests.
public enum FormatSamples {
    /// The repository root, found from this file's path (Tests/TestSupport/FormatSamples.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `SampleImages/<relative>`.
    public static func path(_ relative: String) -> String {
        repositoryRoot.appendingPathComponent("SampleImages").appendingPathComponent(relative).path
    }

    /// A fresh directory under the system's temporary directory for one test's generated files.
    public static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FormatTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` as `name` in `directory` and returns the path.
    public static func write(_ bytes: [UInt8], as name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }
}
