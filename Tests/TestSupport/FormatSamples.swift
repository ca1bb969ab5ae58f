import Foundation

/// Paths of the format samples (`Tests/FormatSamples/`; the JPEG photos in `SampleImages/`) and a
/// scratch directory, for the format modules' tests.
public enum FormatSamples {
    /// The repository root, found from this file's path (Tests/TestSupport/FormatSamples.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/FormatSamples/<relative>` ("png/rgb8.png", "webp/lossy.webp"); a plain name ("sunset.jpg")
    /// is one of `SampleImages/`. The PNG and WebP samples stay out of `SampleImages/`, which the
    /// indexer's and the commands' tests scan as a folder of JPEG photos.
    public static func path(_ relative: String) -> String {
        relative.contains("/")
            ? repositoryRoot.appendingPathComponent("Tests/FormatSamples").appendingPathComponent(relative).path
            : repositoryRoot.appendingPathComponent("SampleImages").appendingPathComponent(relative).path
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
