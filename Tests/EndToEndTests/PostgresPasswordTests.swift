import Foundation
import TestSupport
import Testing

/// A PostgreSQL password never printed, and given as libpq takes it (postgresql.org/docs/current/libpq-envars.html,
/// libpq-pgpass.html): on a private cluster whose role `photogrid` must log in with a password over TCP, the
/// binary connects with the password from `PGPASSWORD`, `~/.pgpass`, `PGPASSFILE` or the address, and nothing
/// it prints — `index`, `stats`, `stats --json`, the error of a refused connection — holds the password.
@Suite("PostgreSQL passwords (binary)", .enabled(if: PostgresCluster.testsRun, Comment(rawValue: PostgresCluster.skipNote)))
struct PostgresPasswordTests {
    /// A password with every character an address or a password file treats specially.
    static let password = #"Pw/with@odd:chars\x"#

    /// `run`'s output, checked for the password (as written, percent-encoded, and a telling part of it).
    static func expectNoPassword(_ run: PhotoGridRun, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        for text in [run.stdoutText, run.stderr] {
            #expect(!text.contains(password) && !text.contains(encoded) && !text.contains("odd"), "\(what) printed the password: \(text)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func givenByTheEnvironmentOrThePasswordFileItConnectsAndIsNeverPrinted() throws {
        let cluster = try PostgresCluster.makePrivate()
        defer { cluster.stop() }
        let database = try cluster.makeDatabase()  // postgres://photogrid@127.0.0.1:PORT/NAME
        let name = String(database[database.index(after: database.lastIndex(of: "/")!)...])
        try cluster.requirePassword(password: Self.password)
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-password")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos"), home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for sample in ["sunset.jpg", "umang.jpg", "dragonfly.jpg"] {
            try FileManager.default.copyItem(at: Repository.sampleImages.appendingPathComponent(sample), to: photos.appendingPathComponent(sample))
        }
        // None of the runner's own PostgreSQL settings: a HOME without .pgpass.
        let clean = ["HOME": home.path, "PGPASSWORD": "", "PGPASSFILE": "", "PGHOST": "", "PGPORT": "", "PGUSER": "",
                     "PGDATABASE": "", "PGSSLMODE": ""]
        func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> PhotoGridRun {
            let result = try PhotoGridBinary.run(arguments, in: folder, environment: clean.merging(environment) { $1 })
            Self.expectNoPassword(result, arguments.joined(separator: " "))
            return result
        }

        // Without a password the server refuses the role (within a moment of the reload).
        var refused = try run(["stats", "--db", database])
        for _ in 0..<50 where refused.status == 0 {
            usleep(100_000)
            refused = try run(["stats", "--db", database])
        }
        #expect(refused.status == 1 && refused.stderr.contains("cannot open the database \(database)"), "\(refused.stderr)")

        // PGPASSWORD: the index run writes the three photos (psql, as the superuser, counts them).
        let index = try run(["index", photos.path, "--db", database], ["PGPASSWORD": Self.password])
        #expect(index.status == 0, "\(index.stderr)")
        #expect(try cluster.admin("SELECT count(*) FROM photos", database: name) == "3")
        #expect(try run(["index", photos.path, "--db", database, "--json"], ["PGPASSWORD": Self.password]).status == 0)

        // ~/.pgpass, private to its owner: stats (text and JSON) read the library.
        let escaped = Self.password.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
        let passwordFile = home.appendingPathComponent(".pgpass")
        try "# photogrid test\n127.0.0.1:*:other:photogrid:wrong\n127.0.0.1:\(cluster.port):\(name):photogrid:\(escaped)\n"
            .write(to: passwordFile, atomically: true, encoding: .utf8)
        chmod(passwordFile.path, 0o600)
        let stats = try run(["stats", "--db", database])
        #expect(stats.status == 0, "\(stats.stderr)")
        let statsJSON = try run(["stats", "--db", database, "--json"])
        #expect(statsJSON.status == 0, "\(statsJSON.stderr)")
        #expect(try statsJSON.json()["photos"] as? Int == 3)
        // The address from PGHOST, PGPORT, PGUSER and PGDATABASE, the password from the file.
        let fromVariables = try run(["stats", "--db", "postgres://"],
                                    ["PGHOST": "127.0.0.1", "PGPORT": "\(cluster.port)", "PGUSER": "photogrid", "PGDATABASE": name])
        #expect(fromVariables.status == 0, "\(fromVariables.stderr)")

        // Readable by others: ignored, with libpq's warning, so the login fails.
        chmod(passwordFile.path, 0o644)
        let ignored = try run(["stats", "--db", database])
        #expect(ignored.status == 1 && ignored.stderr.contains("has group or world access"), "\(ignored.stderr)")

        // PGPASSFILE names another file.
        let elsewhere = folder.appendingPathComponent("passwords")
        try "*:*:*:*:\(escaped)\n".write(to: elsewhere, atomically: true, encoding: .utf8)
        chmod(elsewhere.path, 0o600)
        #expect(try run(["stats", "--db", database], ["PGPASSFILE": elsewhere.path]).status == 0)

        // In the address: percent-encoded, written as is, and as a parameter.
        let authority = "127.0.0.1:\(cluster.port)/\(name)"
        let encoded = Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        for address in ["postgres://photogrid:\(encoded)@\(authority)",
                        "postgres://photogrid:\(Self.password)@\(authority)",
                        "postgres://photogrid@\(authority)?sslmode=disable&password=\(encoded)"] {
            for arguments in [["index", photos.path], ["stats"], ["stats", "--json"]] {
                let result = try run(arguments + ["--db", address])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
        }

        // The server gone: the refused connection's error names the address without its password.
        cluster.stop()
        for address in ["postgres://photogrid:\(encoded)@\(authority)", database] {
            let down = try run(["stats", "--db", address, "--json"], ["PGPASSWORD": Self.password])
            #expect(down.status == 1 && down.stderr.contains("cannot open the database postgres://photogrid"), "\(down.stderr)")
            #expect(try run(["index", photos.path, "--db", address], ["PGPASSWORD": Self.password]).status == 1)
        }
    }
}
