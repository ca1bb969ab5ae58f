import Foundation

/// What a run of the built `photogrid` binary produced.
public struct PhotoGridRun: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    /// Decodes stdout as a JSON object.
    public func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: stdout) as? [String: Any] else {
            throw PhotoGridBinary.Failure.notAnObject(stdoutText)
        }
        return object
    }
}

/// Runs the `photogrid` executable that `swift build`/`swift test` put next to the test bundle.
public enum PhotoGridBinary {
    public enum Failure: Error { case missing(String), notAnObject(String) }

    /// The newest migration of `Migrations/` (file name without `.sql`): what `stats` names as the schema.
    public static var latestMigration: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.migrations.path)) ?? []
        return names.filter { $0.hasSuffix(".sql") }.sorted().last.map { String($0.dropLast(4)) } ?? "none"
    }

    /// The built binary: `$PHOTOGRID_BIN` if set, else `photogrid` beside the running test bundle.
    public static var url: URL {
        get throws {
            if let override = ProcessInfo.processInfo.environment["PHOTOGRID_BIN"] {
                return URL(fileURLWithPath: override)
            }
            let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var dir = exe.deletingLastPathComponent()
            // The test bundle is `<products>/PhotoGridPackageTests.xctest` (a file on Linux).
            if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
            let candidate = dir.appendingPathComponent("photogrid")
            guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
                throw Failure.missing("photogrid binary not found at \(candidate.path); run `swift build` first")
            }
            return candidate
        }
    }

    /// Runs `photogrid ARGS` and waits for it; stdin is empty.
    public static func run(_ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> PhotoGridRun {
        try run(executable: try url, arguments, in: directory, environment: environment)
    }

    /// Runs any program with `arguments` (without `$PHOTOGRID_DB`) and waits for it; stdin is empty.
    public static func run(executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> PhotoGridRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "PHOTOGRID_DB")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = try ExecClosedPipe(), err = try ExecClosedPipe()
        process.standardOutput = out.writing
        process.standardError = err.writing
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try out.writing.close()  // the child holds its own copies: the reads below end when it does
        try err.writing.close()
        ProcessDeadline.watch(process)
        // Read both pipes concurrently so a large output cannot block the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData = PipeReading.readToEnd(err.reading); group.leave() }
        let outData = PipeReading.readToEnd(out.reading)
        group.wait()
        process.waitUntilExit()
        return PhotoGridRun(status: process.terminationStatus, stdout: outData,
                            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary directory, removed by the caller when done.
    public static func temporaryDirectory(_ label: String = "photogrid-e2e") throws -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
