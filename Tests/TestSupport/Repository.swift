import Foundation

/// The repository's own files, found from this file's path (Tests/TestSupport/Repository.swift): the
/// sample photos and the migrations the tests read.
public enum Repository {
    /// The package root.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `SampleImages/`: the committed sample photos.
    public static let sampleImages = root.appendingPathComponent("SampleImages")
    /// `Migrations/`: the library's SQL migrations.
    public static let migrations = root.appendingPathComponent("Migrations")

    /// The path of `SampleImages/<name>`.
    public static func samplePath(_ name: String) -> String {
        sampleImages.appendingPathComponent(name).path
    }

    /// The bytes of `SampleImages/<name>`.
    public static func sample(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: sampleImages.appendingPathComponent(name)))
    }
}
