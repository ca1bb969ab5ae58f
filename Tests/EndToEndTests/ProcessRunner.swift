import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs any executable (e.g. a copy of photogrid) and starts photogrid processes in the background.
enum ProcessRunner {
    /// Runs `executable ARGS` in `directory` and waits; stdin empty, output collected.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> PhotoGridRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PHOTOGRID_DB")
        process.environment = environment
        let output = try FileManager.default.temporaryFile(in: directory, named: "stdout")
        let errors = try FileManager.default.temporaryFile(in: directory, named: "stderr")
        process.standardOutput = output.handle
        process.standardError = errors.handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return PhotoGridRun(status: process.terminationStatus, stdout: try Data(contentsOf: output.url),
                            stderr: String(decoding: try Data(contentsOf: errors.url), as: UTF8.self))
    }

    /// Starts `photogrid ARGS` without waiting; its output goes to /dev/null.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try PhotoGridBinary.url
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PHOTOGRID_DB")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The size of the file at `path`, 0 if it does not exist.
    static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}

extension FileManager {
    /// Creates an empty file `named` in `directory` and opens it for writing.
    func temporaryFile(in directory: URL, named name: String) throws -> (url: URL, handle: FileHandle) {
        let url = directory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        guard createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        return (url, try FileHandle(forWritingTo: url))
    }
}
