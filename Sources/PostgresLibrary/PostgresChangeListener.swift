import PhotoLibrary
import PostgresNIO
import NIOCore
import Logging
import Synchronization

/// Listens on `photogrid_grid` (the channel the grid triggers NOTIFY, Migrations/postgres/0010) on a
/// connection of its own and announces what it hears (`GridAnnouncements`): each NOTIFY, and each time it connects — the
/// first time, and again after the connection broke (a restart, a failover), since announcements made
/// while it was away are lost and whoever follows the count must read the grid again. All on the
/// connections' event loop, callbacks only: no thread waits for it.
final class PostgresChangeListener: Sendable {
    private let connections: PostgresConnections
    private let heard = GridAnnouncements()
    private let state = Mutex<(started: Bool, stopped: Bool, connection: PostgresConnection?)>((false, false, nil))
    private static let logger = Logger(label: "photogrid.postgres.listen", factory: { _ in SwiftLogNoOpLogHandler() })
    /// How long to wait before connecting again after a failure.
    static let retryDelay: TimeAmount = .seconds(1)

    init(connections: PostgresConnections) {
        self.connections = connections
    }

    deinit {
        if let connection = state.withLock({ $0.connection }) { Self.close(connection) }
    }

    /// The announcements and (re)connections; starts listening on the first call.
    var announcements: GridAnnouncements {
        let start = state.withLock { state -> Bool in
            if state.started { return false }
            state.started = true
            return true
        }
        if start { connect() }
        return heard
    }

    /// Stops listening (closes the connection; no reconnection).
    func stop() {
        let connection = state.withLock { state -> PostgresConnection? in
            state.stopped = true
            return state.connection
        }
        if let connection { Self.close(connection) }
    }

    /// Closes `connection`, holding it until closed (PostgresNIO asserts that a connection is closed before
    /// it goes, and the close cancels the listen context that may hold its last reference).
    private static func close(_ connection: PostgresConnection) {
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    private func connect() {
        let loop = PostgresConnections.eventLoops.next()
        let configuration: PostgresConnection.Configuration
        do { configuration = try connections.makeConfiguration() } catch { return }
        PostgresConnection.connect(on: loop, configuration: configuration, id: 0, logger: Self.logger).flatMap { connection in
            connection.addListener(channel: "photogrid_grid") { [weak self] _, _ in
                self?.heard.announce()
            }
            return connection.query("LISTEN photogrid_grid", logger: Self.logger).map { _ in connection }
        }.whenComplete { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let connection):
                let stopped = self.state.withLock { state -> Bool in
                    state.connection = connection
                    return state.stopped
                }
                if stopped { Self.close(connection); return }
                // Connected: whatever was announced before (or while away) must be read again.
                self.heard.announce()
                connection.closeFuture.whenComplete { [weak self] _ in self?.retry(on: loop) }
            case .failure:
                self.retry(on: loop)
            }
        }
    }

    private func retry(on loop: any EventLoop) {
        if state.withLock({ $0.stopped }) { return }
        loop.scheduleTask(in: Self.retryDelay) { [weak self] in self?.connect() }
    }
}
