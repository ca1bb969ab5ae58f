import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A throwaway PostgreSQL server for the tests: `PHOTOGRID_TEST_POSTGRES` (a superuser's URL,
/// `postgres://postgres@127.0.0.1:PORT/postgres`) when set, else a cluster this process makes with
/// Debian's `initdb` and `pg_ctl` (/usr/lib/postgresql/N/bin) in a temporary folder, on a loopback port,
/// stopped and removed when the process exits. Each test gets a database of its own, owned by the plain
/// login role `photogrid` (no superuser, no CREATEDB: what the README asks of a user).
///
/// Without PostgreSQL the PostgreSQL tests are skipped on a developer's machine, and fail under CI
/// (`required`: `.ci/run` installs PostgreSQL).
public final class PostgresCluster: Sendable {
    /// The superuser URL's host and port.
    public let host: String
    public let port: Int
    let superuser: String
    let psql: String
    /// `pg_ctl -D … -l …` (run as `postgres` when root) and the server's options, for a cluster this
    /// process made; nil for one given by `PHOTOGRID_TEST_POSTGRES`.
    private let control: (pgctl: [String], options: String, folder: String)?

    /// The cluster, or nil (with why) when there is none to use.
    public static let shared: Result<PostgresCluster, PostgresUnavailable> = {
        do { return .success(try PostgresCluster()) } catch let error as PostgresUnavailable {
            return .failure(error)
        } catch {
            return .failure(PostgresUnavailable(reason: "\(error)"))
        }
    }()

    /// Whether PostgreSQL tests run: when there is a cluster, and under CI (where its absence fails them).
    public static var testsRun: Bool {
        if case .success = shared { return true }
        return required
    }

    /// Why PostgreSQL tests are skipped (empty when they run).
    public static var skipNote: String {
        if case .failure(let why) = shared { return "\(why)" }
        return ""
    }

    /// Whether tests must fail (rather than skip) without PostgreSQL: `PHOTOGRID_REQUIRE_POSTGRES` (set by
    /// `.ci/run`) or `CI` set.
    public static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PHOTOGRID_REQUIRE_POSTGRES"] != nil || environment["CI"] != nil
    }

    private init(private isPrivate: Bool = false) throws {
        guard let psql = ExternalTool("psql")?.path else { throw PostgresUnavailable(reason: "psql is not installed (Debian: postgresql)") }
        self.psql = psql
        if !isPrivate, let url = ProcessInfo.processInfo.environment["PHOTOGRID_TEST_POSTGRES"], !url.isEmpty,
           let components = URLComponents(string: url), let host = components.host {
            self.host = host
            port = components.port ?? 5432
            superuser = components.user ?? "postgres"
            control = nil
        } else {
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            guard let version = versions.compactMap(Int.init).max() else {
                throw PostgresUnavailable(reason: "no /usr/lib/postgresql/N/bin/initdb (Debian: postgresql)")
            }
            let bin = "/usr/lib/postgresql/\(version)/bin"
            host = "127.0.0.1"
            port = try Self.freePort()
            superuser = "postgres"
            control = try Self.startCluster(bin: bin, port: port, name: isPrivate ? "private-\(UUID().uuidString.prefix(8))" : "\(getpid())",
                                            stopAtExit: !isPrivate)
        }
        try admin("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'photogrid') THEN CREATE ROLE photogrid LOGIN; END IF; END $$")
    }

    /// A cluster of the caller's own (a test that restarts or stops its server): `stop()` it when done.
    public static func makePrivate() throws -> PostgresCluster { try PostgresCluster(private: true) }

    /// Restarts the server (`pg_ctl restart -m fast`: every connection is closed).
    public func restart() throws {
        guard let control else { throw PostgresUnavailable(reason: "not a cluster this process started") }
        guard try CleanSpawn.run(control.pgctl + ["-o", control.options, "-m", "fast", "-w", "restart"], output: control.folder + "/commands.log") == 0 else {
            throw PostgresUnavailable(reason: "pg_ctl restart failed (\(control.folder)/commands.log)")
        }
    }

    /// Stops the server and removes its folder (a private cluster).
    public func stop() {
        guard let control else { return }
        _ = try? CleanSpawn.run(control.pgctl + ["-m", "immediate", "stop"])
        try? FileManager.default.removeItem(atPath: control.folder)
    }

    /// Makes `role` log in over TCP only with `password` (scram-sha-256, a rule ahead of the others in
    /// pg_hba.conf; the superuser keeps logging in without one), on a cluster this process made.
    public func requirePassword(role: String = "photogrid", password: String) throws {
        guard let control else { throw PostgresUnavailable(reason: "not a cluster this process started") }
        try admin("ALTER ROLE \(role) PASSWORD '\(password.replacingOccurrences(of: "'", with: "''"))'")
        let rules = control.folder + "/data/pg_hba.conf"
        let text = try String(contentsOfFile: rules, encoding: .utf8)
        // Written in place (not atomically): the file keeps its owner, the server's account.
        try ("host all \(role) 127.0.0.1/32 scram-sha-256\n" + text).write(toFile: rules, atomically: false, encoding: .utf8)
        try admin("SELECT pg_reload_conf()")
    }

    /// A new, empty database owned by `photogrid`; returns the URL a photogrid command takes.
    public func makeDatabase() throws -> String {
        let name = "photogrid_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try admin("CREATE DATABASE \(name) OWNER photogrid")
        return "postgres://photogrid@\(host):\(port)/\(name)"
    }

    /// Runs `sql` as the superuser (in database `postgres`, or `database`); returns psql's unaligned output.
    @discardableResult
    public func admin(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(psql, ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", host, "-p", "\(port)", "-U", superuser, "-d", database, "-c", sql])
    }

    /// Runs `sql` as `photogrid` in the database of `url` (made by `makeDatabase`): an independent reader.
    @discardableResult
    public func query(_ url: String, _ sql: String) throws -> String {
        try Self.run(psql, ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", url, "-c", sql])
    }

    /// Makes and starts a cluster in a temporary folder (as the `postgres` user when run as root:
    /// PostgreSQL refuses to run as root), stopped at exit when `stopAtExit`.
    private static func startCluster(bin: String, port: Int, name: String,
                                     stopAtExit: Bool) throws -> (pgctl: [String], options: String, folder: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("photogrid-postgres-\(name)").path
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var prefix: [String] = []
        if getuid() == 0 {
            guard let account = getpwnam("postgres") else { throw PostgresUnavailable(reason: "running as root and there is no postgres user") }
            chown(folder, account.pointee.pw_uid, account.pointee.pw_gid)
            prefix = ["/usr/sbin/runuser", "-u", "postgres", "--"]
        }
        // The server writes server.log (as postgres); what initdb and pg_ctl print goes to commands.log.
        let data = folder + "/data", log = folder + "/commands.log"
        let initdb = prefix + ["\(bin)/initdb", "-D", data, "--auth=trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]
        guard try CleanSpawn.run(initdb, output: log) == 0 else { throw PostgresUnavailable(reason: "initdb failed (\(log))") }
        let options = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
        let pgctl = prefix + ["\(bin)/pg_ctl", "-D", data, "-l", folder + "/server.log"]
        guard try CleanSpawn.run(pgctl + ["-o", options, "-w", "start"], output: log) == 0 else {
            throw PostgresUnavailable(reason: "pg_ctl start failed (\(log))")
        }
        guard stopAtExit else { return (pgctl, options, folder) }
        stopCommand.withLock { $0 = (pgctl + ["-m", "immediate", "stop"], folder) }
        atexit {
            guard let (command, folder) = PostgresCluster.stopCommand.withLock({ $0 }) else { return }
            _ = try? CleanSpawn.run(command)
            try? FileManager.default.removeItem(atPath: folder)
        }
        return (pgctl, options, folder)
    }

    private static let stopCommand = Mutex<([String], String)?>(nil)

    /// A TCP port nothing listens on now.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw PostgresUnavailable(reason: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `executable` and returns its standard output; throws with its standard error when it fails.
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = try ExecClosedPipe(), errors = try ExecClosedPipe()
        process.standardOutput = output.writing
        process.standardError = errors.writing
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.writing.close()
        try errors.writing.close()
        let data = PipeReading.readToEnd(output.reading)
        let errorData = PipeReading.readToEnd(errors.reading)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PostgresUnavailable(reason: "\(([executable] + arguments).joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Why there is no PostgreSQL to test against.
public struct PostgresUnavailable: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "PostgreSQL unavailable: \(reason)" }
}
