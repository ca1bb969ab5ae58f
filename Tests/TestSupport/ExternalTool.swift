import Foundation

/// An independent command-line tool (vipsheader, exiftool, dwebp, convert-im6.q16 …) that tests use as
/// an oracle; tests skip with a clear message when it is not installed.
public struct ExternalTool: Sendable {
    /// The tool's full path.
    public let path: String

    /// The tool named `name` on PATH (or in /usr/bin), nil when absent.
    public init?(_ name: String) {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        guard let found = (directories + ["/usr/bin"]).map({ "\($0)/\(name)" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        path = found
    }

    /// Runs the tool with `arguments` and returns its standard output; throws when it exits non-zero.
    public func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = try ExecClosedPipe()
        process.standardOutput = output.writing
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.writing.close()
        let data = PipeReading.readToEnd(output.reading)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExternalToolFailure(command: ([path] + arguments).joined(separator: " "), status: process.terminationStatus)
        }
        return data
    }

    /// Runs the tool and returns its standard output as text.
    public func text(_ arguments: [String]) throws -> String {
        String(decoding: try run(arguments), as: UTF8.self)
    }
}

/// An external tool exited with a non-zero status.
public struct ExternalToolFailure: Error, CustomStringConvertible {
    public let command: String
    public let status: Int32
    public var description: String { "\(command) exited with status \(status)" }
}
