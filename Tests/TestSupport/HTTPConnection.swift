import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over one TCP connection to 127.0.0.1, for the server tests: it sends
/// exactly the bytes a test gives (so malformed requests can be sent too) and parses the answer.
public final class HTTPConnection {
    /// One parsed response.
    public struct Reply: Sendable {
        public var status: Int
        /// Header names lower-cased.
        public var headers: [String: String]
        public var body: [UInt8]
        public var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object.
        public func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw Failure("not a JSON object: \(text.prefix(200))")
            }
            return object
        }

        /// `error.message` of a JSON error body.
        public var errorMessage: String? {
            ((try? json())?["error"] as? [String: Any])?["message"] as? String
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    private let descriptor: Int32
    private var pending: [UInt8] = []

    /// Connects to 127.0.0.1:`port` (reads time out after `timeout` seconds), from the loopback address
    /// `source` when given (`127.0.0.2`: another client as the server sees it), with a receive buffer of
    /// `receiveBuffer` bytes when given (a client whose window fills at once when it reads nothing).
    public init(port: Int, timeout: Int = 30, source: String? = nil, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket failed: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                throw Failure("bind to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure("connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(descriptor) }

    /// Sends `bytes` as they are.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure("send failed: errno \(errno)") }
            sent += count
        }
    }

    /// `GET path` with `headers` (and `Host: 127.0.0.1` unless they have a `Host`), and its response.
    public func get(_ path: String, headers: [String: String] = [:], method: String = "GET") throws -> Reply {
        var request = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { request += "Host: 127.0.0.1\r\n" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try send(Array(request.utf8))
        return try readReply(method: method)
    }

    /// Reads one response (a `HEAD` one has no body).
    public func readReply(method: String = "GET") throws -> Reply {
        let headerEnd = try readUntil([13, 10, 13, 10])
        let head = String(decoding: pending[..<headerEnd], as: UTF8.self)
        pending.removeFirst(headerEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure("bad status line: \(head.prefix(80))") }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body: [UInt8] = []
        if method != "HEAD" && status != 304 && status != 204 {
            if let length = headers["content-length"].flatMap({ Int($0) }) {
                try fill(length)
                body = Array(pending.prefix(length))
                pending.removeFirst(length)
            } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
                while true {
                    let lineEnd = try readUntil([13, 10])
                    let size = Int(String(decoding: pending[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
                    pending.removeFirst(lineEnd + 2)
                    try fill(size + 2)
                    body += pending.prefix(size)
                    pending.removeFirst(size + 2)
                    if size == 0 { break }
                }
            }
        }
        return Reply(status: status, headers: headers, body: body)
    }

    /// Reads whatever arrives within `seconds` (for event streams): the bytes so far.
    public func readAvailable(for seconds: Double) -> [UInt8] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&poller, 1, left) > 0 else { break }
            guard receive() > 0 else { break }
        }
        defer { pending.removeAll() }
        return pending
    }

    /// Whether the server closed the connection (a read returns end of file within `seconds`).
    public func isClosed(within seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { return false }
            if receive() <= 0 { return true }  // what was still on its way is read past
        }
        return false
    }

    /// Reads until the server closes the connection or `seconds` pass: how many bytes came, and whether it closed.
    public func drain(within seconds: Double) -> (bytes: Int, closed: Bool) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var bytes = 0
        defer { pending.removeAll() }
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { return (bytes, false) }
            let count = receive()
            if count <= 0 { return (bytes, true) }
            bytes += count
            pending.removeAll(keepingCapacity: true)
        }
        return (bytes, false)
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        while true {
            if pending.count >= marker.count {
                for start in 0...(pending.count - marker.count) where pending[start] == marker[0] {
                    if Array(pending[start..<start + marker.count]) == marker { return start }
                }
            }
            guard receive() > 0 else { throw Failure("connection closed before \(marker == [13, 10, 13, 10] ? "the headers ended" : "a line ended")") }
        }
    }

    private func fill(_ count: Int) throws {
        while pending.count < count {
            guard receive() > 0 else { throw Failure("connection closed after \(pending.count) of \(count) body bytes") }
        }
    }

    private func receive() -> Int {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 { pending += chunk[..<count] }
        return count
    }
}
