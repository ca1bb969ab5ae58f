import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when the value
/// goes away.
public final class TemporaryFolder {
    public let url: URL
    public var path: String { url.path }

    /// Makes the folder, named `<label>-<UUID>`.
    public init(_ label: String = "photogrid-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// The names in the folder (or a subfolder of it), hidden ones included, sorted.
    public func names(in subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.isEmpty ? path : url.appendingPathComponent(subfolder).path).sorted()
    }
}
