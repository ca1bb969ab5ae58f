import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs any executable (e.g. a copy of photogrid) and starts photogrid processes in the background.
public enum ProcessRunner {
    /// Runs `executable ARGS` in `directory` and waits; stdin empty, output collected.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> PhotoGridRun {
        try startCollecting(executable, arguments, in: directory).wait()
    }

    /// A started process whose output goes to files in its directory.
    public struct Collecting {
        public let process: Process
        public let output: URL
        public let errors: URL

        /// Waits for the process and returns its status and output.
        public func wait() throws -> PhotoGridRun {
            process.waitUntilExit()
            return PhotoGridRun(status: process.terminationStatus, stdout: try Data(contentsOf: output),
                                stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
        }
    }

    /// Starts `executable ARGS` in `directory` without waiting; stdin empty, output collected.
    public static func startCollecting(_ executable: URL, _ arguments: [String], in directory: URL) throws -> Collecting {
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
        ProcessDeadline.watch(process)
        return Collecting(process: process, output: output.url, errors: errors.url)
    }

    /// Starts `photogrid ARGS` without waiting; its output goes to /dev/null.
    public static func start(_ arguments: [String]) throws -> Process {
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
        ProcessDeadline.watch(process)
        return process
    }

    /// What a child process used: its exit status, wall time and peak resident set.
    public struct ChildUsage {
        public var status: Int32
        public var seconds: Double
        public var peakResidentBytes: Int
    }

    /// Runs `executable ARGS` with output discarded and reports its status and peak resident set.
    ///
    /// The peak is the child's own `VmHWM` (/proc/PID/status), read every 2 ms while it runs: wait4's
    /// `ru_maxrss` cannot be used, because a child spawned from the test runner keeps the runner's
    /// high-water mark (tens of MiB) across exec. The last read before exit is at most 2 ms old. `defaultSignals` are set back
    /// to their default action in the child, and no signal is blocked (the test runner may ignore or
    /// block some, and both stay so across exec).
    public static func measure(_ executable: String, _ arguments: [String], defaultSignals: [Int32] = []) throws -> ChildUsage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "PHOTOGRID_DB" }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in defaultSignals { sigaddset(&signals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &signals)
        var unblocked = sigset_t()   // and none blocked (a test thread's mask is inherited too)
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let started = Date()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        var reaped: pid_t
        var peak = 0
        repeat {
            peak = max(peak, highWaterMark(of: pid))
            reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == 0 { usleep(2000) }
        } while reaped == 0 || (reaped < 0 && errno == EINTR)
        guard reaped == pid else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        let exited = status & 0x7F == 0
        return ChildUsage(status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F),
                          seconds: Date().timeIntervalSince(started),
                          peakResidentBytes: peak)
    }

    /// `VmHWM` of process `pid` in bytes (0 once it has exited or when unreadable).
    public static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024   // "VmHWM:   1234 kB"
    }

    /// The size of the file at `path`, 0 if it does not exist.
    public static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}

extension FileManager {
    /// Creates an empty file `named` in `directory` and opens it for writing.
    public func temporaryFile(in directory: URL, named name: String) throws -> (url: URL, handle: FileHandle) {
        let url = directory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        guard createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        return (url, try FileHandle(forWritingTo: url))
    }
}
