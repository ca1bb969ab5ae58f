import Platform
public import PhotoGridSupport

/// Whether the server could listen where it is told, tried before anything is opened or created: a busy
/// port or an address not on this machine is said at once, and a refused start leaves no library behind.
public enum ListeningCheck {
    /// Why `host`:`port` cannot be listened on, or nil when a socket bound there (and closed again).
    /// Port 0 (any free port) always can.
    public static func problem(host: String, port: Int) -> ListeningProblem? {
        guard port != 0 else { return nil }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let looked = getaddrinfo(host, String(port), &hints, &found)
        guard looked == 0, let first = found else {
            return ListeningProblem(address: shown(host, port), reason: String(cString: gai_strerror(looked)))
        }
        defer { freeaddrinfo(first) }
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard socket >= 0 else { return ListeningProblem(address: shown(host, port), reason: String(cString: strerror(errno))) }
        defer { close(socket) }
        var on: Int32 = 1
        // As the server binds (NIO sets SO_REUSEADDR): a port in TIME_WAIT is free, a listening one is not.
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let reason = errno
            let hint = reason == EADDRNOTAVAIL ? " (not an address of this machine)" : reason == EACCES ? " (ports below 1024 need privileges)" : ""
            return ListeningProblem(address: shown(host, port), reason: String(cString: strerror(reason)) + hint, portInUse: reason == EADDRINUSE)
        }
        return nil
    }

    /// `host:port`, an IPv6 address in brackets.
    static func shown(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why the server cannot listen where it is told: `cannot listen on ADDRESS: REASON`; a port in use is
/// `busy`, with the remedy of freeing it.
public struct ListeningProblem: PhotoGridFailure {
    public var address: String
    public var reason: String
    public var portInUse = false

    public var kind: FailureKind { portInUse ? .busy : .conflict }
    public var remedy: FailureRemedy? { portInUse ? .freePort : nil }
    public var description: String { "cannot listen on \(address): \(reason)" }
}
