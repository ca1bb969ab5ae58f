import PhotoLibrary
import PostgresNIO
import _ConnectionPoolModule
import NIOCore
import NIOPosix
import NIOSSL
import Logging
import Synchronization
import Dispatch

/// The connections to one PostgreSQL database, pooled by postgres-nio's `ConnectionPool` and lent to
/// blocking threads (a command's main thread, the server's bounded pools): `withConnection` waits for a
/// connection while `limit` are lent. A connection that closes (the server restarted, the network went)
/// leaves the pool, and the next lease opens a fresh one; when connecting fails twice in a row (100 ms
/// apart) the waiting leases fail at once with the reason, and the pool keeps trying in the background.
final class PostgresConnections: Sendable {
    typealias Pool = ConnectionPool<WatchedConnection, Int, ConnectionIDGenerator, BlockingLease, Int,
                                    NoOpKeepAliveBehavior<WatchedConnection>, NoOpConnectionPoolMetrics<Int>, ContinuousClock>
    let location: PostgresLocation
    /// What messages name: the URL without its password.
    let displayName: String
    let limit: Int
    private let pool: Pool
    /// Why the last attempt to connect failed: what a lease the pool gave up on reports.
    private let connectFailure = LastConnectFailure()
    private let nextLease = Atomic<Int>(1)
    static let logger = Logger(label: "photogrid.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Makes the pool and starts it on the connections' event loop (nothing connects before the first lease).
    ///
    /// - Throws: `.openDatabase` when the TLS context cannot be made.
    init(location: PostgresLocation, displayName: String, limit: Int) throws(LibraryError) {
        self.location = location
        self.displayName = displayName
        self.limit = max(1, limit)
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try Self.makeConfiguration(location)
        } catch {
            throw .openDatabase(path: displayName, message: "TLS: \(error)")
        }
        var poolConfiguration = ConnectionPoolConfiguration()
        poolConfiguration.maximumConnectionSoftLimit = self.limit
        poolConfiguration.maximumConnectionHardLimit = self.limit
        // The breaker trips at the second failed attempt in a row: a lease fails within ~100 ms of a refused
        // connection, not after postgres-nio's default minute.
        poolConfiguration.circuitBreakerTripAfter = .zero
        let loop = Self.eventLoops.next()
        let failure = connectFailure
        pool = Pool(configuration: poolConfiguration, idGenerator: ConnectionIDGenerator(), requestType: BlockingLease.self,
                    keepAliveBehavior: NoOpKeepAliveBehavior(connectionType: WatchedConnection.self),
                    observabilityDelegate: NoOpConnectionPoolMetrics(connectionIDType: Int.self), clock: ContinuousClock()) { id, _ in
            do {
                let connection = try await PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: Self.logger)
                return ConnectionAndMetadata(connection: WatchedConnection(connection), maximalStreamsOnConnection: 1)
            } catch {
                failure.error.withLock { $0 = error }
                throw error
            }
        }
        Task.detached(executorPreference: EventLoopTaskExecutor(loop)) { [pool] in await pool.run() }
    }

    /// The event loop the connections' I/O and the pool run on: a thread of its own, never one whose work
    /// blocks on a statement (a caller blocked on an event loop of the server's group must not wait for that loop).
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    deinit { pool.triggerForceShutdown() }

    /// Blocks until `future` completes (`EventLoopFuture.wait()` refuses any event loop thread; this works
    /// on one of another group, as the server's start-up is, since the connections' loop is their own).
    ///
    /// Gives up after `timeout` (closing `connection`, when given, so that a statement lost on a broken
    /// connection cannot hold its caller for good), and when `connection` closes: PostgresNIO accepts a
    /// statement on a connection whose server has just gone and never answers it.
    static func waitFor<T: Sendable>(_ future: EventLoopFuture<T>, closing connection: WatchedConnection? = nil,
                                     timeout: Duration = answerTimeout) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let woken = DispatchSemaphore(value: 0)
        future.whenComplete { result in
            outcome.withLock { $0 = result }
            woken.signal()
        }
        connection?.wake(woken)
        defer { connection?.wake(nil) }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        if woken.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .timedOut {
            connection?.close()
            throw PostgresTimeout(seconds: Int(timeout.components.seconds))
        }
        // Woken by the close with no answer yet: the statement's own error gets 100 ms to arrive.
        if outcome.withLock({ $0 }) == nil, woken.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            throw PostgresConnectionClosed()
        }
        return try outcome.withLock { $0! }.get()
    }

    /// The longest a statement (or a connection attempt) is waited for: an index batch or a grid read
    /// of a million rows takes seconds; a server that does not answer for this long is treated as gone.
    static let answerTimeout: Duration = .seconds(120)

    /// Runs `body` with a connection of its own (waits while `limit` connections are lent).
    func withConnection<T>(_ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        var lease = try lease()
        // One the server closed while it sat idle (a restart) is given back: the pool drops it as it hears
        // of the close, and PostgresNIO would accept a statement on it and never answer.
        for _ in 0..<limit where lease.connection.isClosed {
            lease.release()
            lease = try self.lease()
        }
        defer { lease.release() }
        return try body(PostgresSession(link: lease.connection, displayName: displayName))
    }

    /// A connection from the pool, waited for; `.openDatabase` with the reason when connecting fails.
    private func lease() throws(LibraryError) -> ConnectionLease<WatchedConnection> {
        let request = BlockingLease(id: nextLease.wrappingAdd(1, ordering: .relaxed).oldValue)
        pool.leaseConnection(request)
        switch request.wait() {
        case .success(let lease): return lease
        case .failure(let error):
            let reason = connectFailure.error.withLock { $0 }.map(PostgresSession.message(of:))
            throw .openDatabase(path: displayName, message: reason ?? (error == .poolShutdown ? "the connection pool is closed" : "\(error)"))
        }
    }

    /// How to reach the database (TLS as the URL asks), for the pool and the change listener.
    func makeConfiguration() throws -> PostgresConnection.Configuration { try Self.makeConfiguration(location) }

    private static func makeConfiguration(_ location: PostgresLocation) throws -> PostgresConnection.Configuration {
        let password = location.password
        var configuration: PostgresConnection.Configuration
        if let folder = location.socketFolder {
            configuration = .init(unixSocketPath: "\(folder)/.s.PGSQL.\(location.port)", username: location.user,
                                  password: password, database: location.database)
        } else {
            let tls: PostgresConnection.Configuration.TLS
            switch location.tls {
            case .disable: tls = .disable
            case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
            configuration = .init(host: location.host, port: location.port, username: location.user, password: password,
                                  database: location.database, tls: tls)
        }
        configuration.options.connectTimeout = .seconds(10)
        return configuration
    }
}

/// A pooled connection, and the statement waiting on it: its close wakes that wait (one callback for the
/// connection's life, registered when it opens, not a look at it per statement).
final class WatchedConnection: PooledConnection {
    let connection: PostgresConnection
    private let watch = Mutex<(closed: Bool, waiter: DispatchSemaphore?)>((false, nil))

    init(_ connection: PostgresConnection) {
        self.connection = connection
        connection.closeFuture.whenComplete { [weak self] _ in
            self?.watch.withLock { watch -> DispatchSemaphore? in
                watch.closed = true
                return watch.waiter
            }?.signal()
        }
    }

    var id: Int { connection.id }
    var isClosed: Bool { connection.isClosed }

    func onClose(_ closure: @escaping @Sendable ((any Error)?) -> Void) {
        connection.closeFuture.whenComplete { _ in closure(nil) }
    }

    func close() {
        let _: EventLoopFuture<Void> = connection.close()
    }

    /// Signals `waiter` when the connection closes (at once if it has), until the next call.
    func wake(_ waiter: DispatchSemaphore?) {
        if watch.withLock({ watch -> Bool in watch.waiter = waiter; return watch.closed }) { waiter?.signal() }
    }
}

/// Why the pool's last attempt to connect failed (the pool itself keeps it to itself).
final class LastConnectFailure: Sendable {
    let error = Mutex<(any Error)?>(nil)
}

/// A lease asked for by a blocking thread: the pool completes it (on its loop, or at once on the asking
/// thread when a connection is idle) and `wait()` returns that.
final class BlockingLease: ConnectionRequestProtocol {
    let id: Int
    private let outcome = Mutex<Result<ConnectionLease<WatchedConnection>, ConnectionPoolError>?>(nil)
    private let completed = DispatchSemaphore(value: 0)

    init(id: Int) { self.id = id }

    func complete(with result: Result<ConnectionLease<WatchedConnection>, ConnectionPoolError>) {
        outcome.withLock { $0 = result }
        completed.signal()
    }

    func wait() -> Result<ConnectionLease<WatchedConnection>, ConnectionPoolError> {
        completed.wait()
        return outcome.withLock { $0! }
    }
}

/// The connection closed before a statement sent on it was answered.
struct PostgresConnectionClosed: Error, CustomStringConvertible {
    var description: String { "the server closed the connection" }
}

/// No answer from PostgreSQL in time.
struct PostgresTimeout: Error, CustomStringConvertible {
    var seconds: Int
    var description: String { "no answer from the server within \(seconds) s" }
}

/// One connection lent by `PostgresConnections`: statements run one at a time, blocking the caller.
public struct PostgresSession {
    let link: WatchedConnection
    let displayName: String
    var connection: PostgresConnection { link.connection }

    /// Runs `query` and returns its rows; `operation` names it in errors.
    @discardableResult
    func rows(_ query: PostgresQuery, _ operation: String) throws(LibraryError) -> [PostgresRow] {
        try result(query, operation).rows
    }

    /// Runs `query` and returns how many rows it changed.
    @discardableResult
    func execute(_ query: PostgresQuery, _ operation: String) throws(LibraryError) -> Int {
        try result(query, operation).metadata.rows ?? 0
    }

    /// Runs `query` (its rows and metadata).
    func result(_ query: PostgresQuery, _ operation: String) throws(LibraryError) -> PostgresQueryResult {
        do {
            return try PostgresConnections.waitFor(connection.query(query, logger: Self.logger), closing: link)
        } catch {
            throw failure(error, operation)
        }
    }

    /// Runs `query`, handing each row to `body` as it arrives (on the connections' event loop; the caller
    /// waits): for a million rows, which collected first would be copied over and over as the array grows.
    func forEachRow(_ query: PostgresQuery, _ operation: String,
                    _ body: @escaping @Sendable (PostgresRow) throws -> Void) throws(LibraryError) {
        do {
            _ = try PostgresConnections.waitFor(connection.query(query, logger: Self.logger, body), closing: link)
        } catch let error as LibraryError {
            throw error
        } catch {
            throw failure(error, operation)
        }
    }

    /// The library error for `error`, raised while doing `operation`.
    private func failure(_ error: any Error, _ operation: String) -> LibraryError {
        if connection.isClosed || Self.isConnectionFailure(error) {
            return .connectionLost(operation: operation, message: Self.message(of: error))
        }
        return .database(operation: operation, message: Self.message(of: error))
    }

    /// Whether `error` says the connection broke or the server is going away (SQLSTATE classes 08,
    /// connection exception, and 57P, operator intervention: shutdown, restart) rather than refusing a statement.
    static func isConnectionFailure(_ error: any Error) -> Bool {
        if error is PostgresTimeout || error is PostgresConnectionClosed { return true }
        guard let error = error as? PSQLError else { return false }
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown: return true
        default:
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("57P")
        }
    }

    /// Runs `body` in one transaction (`BEGIN` with `mode`, e.g. `ISOLATION LEVEL REPEATABLE READ READ
    /// ONLY`), committed when it returns and rolled back when it throws.
    func transaction<T>(_ operation: String, mode: String = "", _ body: () throws(LibraryError) -> T) throws(LibraryError) -> T {
        try execute(PostgresQuery(unsafeSQL: "BEGIN \(mode)"), operation)
        do {
            let value = try body()
            try execute("COMMIT", operation)
            return value
        } catch {
            if !connection.isClosed { _ = try? PostgresConnections.waitFor(connection.query("ROLLBACK", logger: Self.logger), closing: link) }
            throw error
        }
    }

    /// One line saying why PostgreSQL (or the way to it) failed: the server's message when it sent one.
    static func message(of error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let detail = error.serverInfo?[.detail].map { " (\($0))" } ?? ""
                return message + detail
            }
            if let underlying = error.underlying { return "\(underlying)" }
            return "\(error.code)"
        }
        return "\(error)"
    }

    private static let logger = Logger(label: "photogrid.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
}

extension PostgresRandomAccessRow {
    /// The value of column `name` (a NULL as nil), or `.database` naming the column that did not decode.
    func value<T: PostgresDecodable>(_ name: String, _ type: T.Type = T.self) throws(LibraryError) -> T {
        do {
            return try self[name].decode(T.self)
        } catch {
            throw .database(operation: "reading column \(name)", message: PostgresSession.message(of: error))
        }
    }
}
