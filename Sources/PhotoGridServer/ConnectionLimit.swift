import Glibc
import HummingbirdCore
import Logging

/// The most connections the server holds open at once: below the process's descriptor limit, so that
/// the database, thumbnails and media files always find one (docs/serve.md, "Descriptors and
/// connections"). At the limit the server stops accepting — new connections wait in the listen backlog
/// and are taken as others close — and says so once in its log.
struct ConnectionLimit: AvailableConnectionsDelegate {
    let maximum: Int
    let logger: Logger
    private var open = 0
    private var said = false

    init(maximum: Int, logger: Logger) {
        self.maximum = maximum
        self.logger = logger
    }

    mutating func connectionOpened() {
        open += 1
        if open >= maximum, !said {
            said = true
            logger.warning("\(maximum) connections are open (the limit, --max-connections): new ones wait until others close")
        }
    }

    mutating func connectionClosed() { open -= 1 }

    func isAcceptingNewConnections() -> Bool { open < maximum }

    /// Descriptors kept for everything but connections: the database's files, thumbnails being made and
    /// read, media files, the event loops' and the file watcher's own, for `jobs` makers.
    static func reserve(jobs: Int) -> Int { 128 + 4 * jobs }

    /// The default limit: the open-file limit less the reserve, from 16 to 10,000.
    static func defaultMaximum(jobs: Int) -> Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        let available = Int(clamping: UInt64(limit.rlim_cur)) - reserve(jobs: jobs)
        return min(max(available, 16), 10_000)
    }
}
