import Glibc
import HummingbirdCore
import Logging
import Synchronization

/// The most connections the server holds open at once: below the process's descriptor limit, so that
/// the database, thumbnails and media files always find one (docs/serve.md, "Descriptors and
/// connections"). At the limit the server stops accepting — new connections wait in the listen backlog
/// and are taken as others close — and says so once in its log. Near it (`ConnectionPressure`),
/// connections with nothing in progress are closed after a few seconds instead of the idle timeout, so
/// clients that hold connections without finishing a request cannot keep new ones out.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let pressure: ConnectionPressure
    let logger: Logger
    private var said = false

    init(pressure: ConnectionPressure, logger: Logger) {
        self.pressure = pressure
        self.logger = logger
    }

    mutating func connectionOpened() {
        let open = pressure.open.add(1, ordering: .relaxed).newValue
        if open >= pressure.maximum, !said {
            said = true
            logger.warning("\(pressure.maximum) connections are open (the limit, --max-connections): new ones wait until others close, and idle ones are closed after \(ConnectionPressure.idleSeconds) s")
        }
    }

    mutating func connectionClosed() { pressure.open.subtract(1, ordering: .relaxed) }

    func isAcceptingNewConnections() -> Bool { pressure.open.load(ordering: .relaxed) < pressure.maximum }

    /// Descriptors kept for everything but connections: the database's files, thumbnails being made and
    /// read, the media files being sent (`MediaStreamSlots.most`), the event loops' and the file watcher's
    /// own, for `jobs` makers.
    static func reserve(jobs: Int) -> Int { 128 + 4 * jobs + MediaStreamSlots.most }

    /// The default limit: the open-file limit less the reserve, from 16 to 10,000.
    static func defaultMaximum(jobs: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let available = Int(clamping: UInt64(limit.rlim_cur)) - reserve(jobs: jobs)
        return min(max(available, 16), 10_000)
    }
}

/// How many connections are open against the limit, read by every connection's idle check: at 90 % of
/// the limit a connection with nothing in progress for `idleSeconds` is closed.
final class ConnectionPressure: Sendable {
    let maximum: Int
    let open = Atomic<Int>(0)
    /// The idle time that closes a connection under pressure.
    static let idleSeconds: Int64 = 5

    init(maximum: Int) { self.maximum = maximum }

    /// Whether connections are at 90 % of the limit or more.
    var isHigh: Bool { open.load(ordering: .relaxed) * 10 >= maximum * 9 }
}
