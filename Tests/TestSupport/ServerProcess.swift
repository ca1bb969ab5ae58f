import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A running `photogrid serve … --port 0`: started, its port read from the first line it prints,
/// stopped with a signal.
public final class ServerProcess {
    public let process: Process
    public let port: Int
    private let errors: URL
    private let output: ExecClosedPipe

    /// Starts `photogrid serve ARGS --port 0` in `directory` and waits (up to `timeout` seconds) for its
    /// "serving http://127.0.0.1:PORT/" line; `environment` is added to the test's own; `shell`, if given,
    /// is run by /bin/sh first, then the server in its place (`ulimit -f 64`).
    public init(_ arguments: [String], in directory: URL, environment added: [String: String] = [:], shell: String? = nil,
                timeout: Double = 60) throws {
        process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell + "; exec \"$0\" \"$@\"", try PhotoGridBinary.url.path, "serve"] + arguments + ["--port", "0"]
        } else {
            process.executableURL = try PhotoGridBinary.url
            process.arguments = ["serve"] + arguments + ["--port", "0"]
        }
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "PHOTOGRID_DB")
        environment.removeValue(forKey: "PHOTOGRID_TOKEN")
        environment.merge(added) { $1 }
        process.environment = environment
        output = try ExecClosedPipe()
        process.standardOutput = output.writing
        errors = directory.appendingPathComponent("serve-stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.writing.close()
        ProcessDeadline.watch(process)

        let reader = output.reading
        var line: [UInt8] = []
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !line.contains(UInt8(ascii: "\n")) {
            guard Date() < deadline, process.isRunning || reader.availableDataIfAny > 0 else { break }
            var poller = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127.0.0.1:"),
              let port = Int(text[range.upperBound...].prefix(while: { $0.isNumber })) else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw HTTPConnection.Failure("serve did not start (status \(process.terminationStatus)): \(text)\(stderr)")
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A new connection to the server.
    public func connect() throws -> HTTPConnection { try HTTPConnection(port: port) }

    /// The bytes the server has read so far, files, sockets and the database alike (`rchar` of
    /// /proc/PID/io): what a request made it read, taken before and after.
    public func bytesRead() throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
              let count = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces)) else { throw HTTPConnection.Failure("no rchar in /proc/PID/io") }
        return count
    }

    /// `GET path` on a new connection.
    public func get(_ path: String, headers: [String: String] = [:]) throws -> HTTPConnection.Reply {
        try connect().get(path, headers: headers)
    }

    /// Polls `GET path` until `done` holds for its reply (or `timeout` passes); the last reply.
    @discardableResult
    public func wait(for path: String, timeout: Double = 60, until done: (HTTPConnection.Reply) -> Bool) throws -> HTTPConnection.Reply {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let reply = try get(path)
            if done(reply) || Date() >= deadline { return reply }
            usleep(20_000)
        }
    }

    /// Reads `/api/v1/events` until a line containing `text` arrives (or `timeout` passes).
    public func waitForEvent(_ text: String, timeout: Double = 30) {
        guard let stream = try? connect() else { return }
        try? stream.send(Array("GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let deadline = Date(timeIntervalSinceNow: timeout)
        var seen = ""
        while Date() < deadline, !seen.contains(text) {
            seen += String(decoding: stream.readAvailable(for: 0.05), as: UTF8.self)
        }
    }

    /// Sends `signal` and waits for the process to end; its exit status (128 + signal when killed).
    public func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    /// What the server wrote on stderr so far.
    public var standardError: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
}

extension FileHandle {
    /// Bytes readable without blocking (0 when unknown).
    var availableDataIfAny: Int {
        var count: Int32 = 0
        return ioctl(fileDescriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }
}
