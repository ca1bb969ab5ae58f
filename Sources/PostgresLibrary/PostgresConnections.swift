import PhotoLibrary
import PostgresNIO
import NIOCore
import NIOPosix
import NIOSSL
import Logging
import Synchronization
import Dispatch

/// A bounded pool of connections to one PostgreSQL database, used from blocking threads (a command's
/// main thread, the server's bounded pools): `withConnection` waits for a free
/// connection when `limit` are in use, opens one when none is idle, and drops one whose use failed on
/// the connection itself (the server restarted, the network went), so the next use opens a fresh one.
final class PostgresConnections: Sendable {
    let location: PostgresLocation
    /// What messages name: the URL without its password.
    let displayName: String
    let limit: Int
    private let idle = Mutex<[WatchedConnection]>([])
    private let slots: DispatchSemaphore
    private let nextID = Atomic<Int>(1)
    static let logger = Logger(label: "photogrid.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(location: PostgresLocation, displayName: String, limit: Int) {
        self.location = location
        self.displayName = displayName
        self.limit = max(1, limit)
        slots = DispatchSemaphore(value: max(1, limit))
    }

    /// The event loop the connections' I/O runs on: a thread of its own, never one whose work blocks on a
    /// statement (a caller blocked on an event loop of the server's group must not wait for that loop).
    static let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    deinit {
        for watched in idle.withLock({ $0 }) { _ = try? Self.waitFor(watched.connection.close()) }
    }

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
            if let connection { let _: EventLoopFuture<Void> = connection.connection.close() }
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

    /// Runs `body` with a connection of its own (waits while `limit` connections are in use).
    func withConnection<T>(_ body: (PostgresSession) throws(LibraryError) -> T) throws(LibraryError) -> T {
        slots.wait()
        defer { slots.signal() }
        // A connection the server closed while it was idle (a restart) is dropped: PostgresNIO would
        // accept a statement on it and never answer.
        let reused = idle.withLock { connections -> WatchedConnection? in
            while let connection = connections.popLast() {
                if !connection.isClosed { return connection }
            }
            return nil
        }
        let connection: WatchedConnection
        if let reused { connection = reused } else { connection = WatchedConnection(try open()) }
        do {
            let value = try body(PostgresSession(link: connection, displayName: displayName))
            if !connection.isClosed { idle.withLock { $0.append(connection) } }
            return value
        } catch {
            // A failed statement leaves a usable connection (its transaction was rolled back); a
            // connection that broke is closed and forgotten.
            if !connection.isClosed { idle.withLock { $0.append(connection) } } else { _ = try? Self.waitFor(connection.connection.close()) }
            throw error
        }
    }

    /// Opens a new connection, or throws `.openDatabase` saying why not.
    private func open() throws(LibraryError) -> PostgresConnection {
        let configuration: PostgresConnection.Configuration
        do {
            configuration = try makeConfiguration()
        } catch {
            throw .openDatabase(path: displayName, message: "TLS: \(error)")
        }
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        do {
            return try Self.waitFor(PostgresConnection.connect(on: Self.eventLoops.next(), configuration: configuration,
                                                               id: id, logger: Self.logger))
        } catch {
            throw .openDatabase(path: displayName, message: PostgresSession.message(of: error))
        }
    }

    func makeConfiguration() throws -> PostgresConnection.Configuration {
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
final class WatchedConnection: Sendable {
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

    var isClosed: Bool { connection.isClosed }

    /// Signals `waiter` when the connection closes (at once if it has), until the next call.
    func wake(_ waiter: DispatchSemaphore?) {
        if watch.withLock({ watch -> Bool in watch.waiter = waiter; return watch.closed }) { waiter?.signal() }
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
