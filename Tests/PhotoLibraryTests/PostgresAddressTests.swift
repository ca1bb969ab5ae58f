import Testing
@testable import PhotoLibrary

/// A PostgreSQL address's password is hidden in every form it can be written in, and the password the
/// parser takes is the one hidden; libpq's password file and variables fill what an address leaves out.
@Suite struct PostgresAddressTests {
    static let secret = "Zq7-secret"

    /// (address, as shown, the password the parser takes).
    @Test(arguments: [
        ("postgres://photos:Zq7-secret@db:5432/photos", "postgres://photos:***@db:5432/photos", "Zq7-secret"),
        ("postgresql://photos:Zq7%2Dsecret%2F%40%3A@db/photos", "postgresql://photos:***@db/photos", "Zq7-secret/@:"),
        ("postgres://photos:Zq7-secret/x@db:5432/photos", "postgres://photos:***@db:5432/photos", "Zq7-secret/x"),
        ("postgres://photos:Zq7-se@cret@db/photos", "postgres://photos:***@db/photos", "Zq7-se@cret"),
        ("postgres://photos:Zq7-secret:more@db/photos", "postgres://photos:***@db/photos", "Zq7-secret:more"),
        ("postgres://photos:Zq7#secret@db/photos", "postgres://photos:***@db/photos", "Zq7#secret"),
        ("postgres://photos@db/photos?password=Zq7-secret", "postgres://photos@db/photos?password=***", "Zq7-secret"),
        ("postgres://photos@db/photos?sslmode=require&password=Zq7-secret&host=/run/pg",
         "postgres://photos@db/photos?sslmode=require&password=***&host=/run/pg", "Zq7-secret"),
        ("postgres://photos@db/photos?sslmode=disable&pass%77ord=Zq7-se@cret/x", "postgres://photos@db/photos?sslmode=disable&pass%77ord=***", "Zq7-se@cret/x"),
        ("postgres://photos:a@db/photos?password=Zq7-secret", "postgres://photos:***@db/photos?password=***", "Zq7-secret"),
        ("postgres://photos@db/photos", "postgres://photos@db/photos", nil),
    ] as [(String, String, String?)])
    func passwordIsHiddenInEveryForm(address: String, shown: String, password: String?) throws {
        #expect(PostgresLocation.redacted(address) == shown)
        #expect(!PostgresLocation.redacted(address).contains("secret") && !PostgresLocation.redacted(address).contains("cret"))
        let location = try PostgresLocation(address)
        #expect(location.password == password)
        #expect(location.user == "photos" && location.host == "db" && location.database == "photos")
    }

    @Test func aRefusedAddressIsShownWithoutItsPassword() {
        for address in ["postgres://photos:Zq7-secret/x@db:port/photos", "postgres://photos:Zq7-secret@db:99999/photos",
                        "postgres://photos@db/photos?sslmode=verify-full&password=Zq7-secret",
                        "postgres://photos:Zq7-se@cret@db"] {
            #expect {
                _ = try PostgresLocation(address)
            } throws: { error in
                "\(error)".contains("cannot open the database postgres://photos") && !"\(error)".contains("secret")
                    && !"\(error)".contains("cret")
            }
        }
    }

    @Test func parametersGiveWhatTheAddressLeavesOut() throws {
        let location = try PostgresLocation("postgres:///?host=db.example&port=6543&user=ph%40tos&dbname=lib&sslmode=require")
        #expect(location.user == "ph@tos" && location.password == nil && location.host == "db.example" && location.port == 6543
                && location.database == "lib" && location.tls == .require && location.socketFolder == nil)
        let socket = try PostgresLocation("postgres://photos@/photos?host=/var/run/postgresql")
        #expect(socket.socketFolder == "/var/run/postgresql" && socket.port == 5432)
        #expect(try PostgresLocation("postgres://photos@/photos").host == "localhost")
    }

    @Test func defaultsFillOnlyWhatIsMissing() throws {
        let defaults = PostgresDefaults(host: "db", port: "6543", user: "photos", database: "lib", sslMode: "prefer", password: "p/w@x&y")
        #expect(defaults.completed("postgres:///") == "postgres:///?host=db&port=6543&user=photos&dbname=lib&sslmode=prefer&password=p%2Fw%40x%26y")
        let completed = defaults.completed("postgres://me:mine@other:5432/photos?sslmode=disable")
        #expect(completed == "postgres://me:mine@other:5432/photos?sslmode=disable")
        let location = try PostgresLocation(defaults.completed("postgres://photos@/photos"))
        #expect(location.password == "p/w@x&y" && location.host == "db" && location.port == 6543 && location.tls == .prefer)
        #expect(PostgresDefaults().completed("postgres://photos@db/photos") == "postgres://photos@db/photos")
        #expect(PostgresDefaults(host: "/run/pg").completed("postgres://photos@/photos?sslmode=disable")
                == "postgres://photos@/photos?sslmode=disable&host=%2Frun%2Fpg")
        #expect(try PostgresLocation(PostgresDefaults(host: "/run/pg").completed("postgres://photos@/photos")).socketFolder == "/run/pg")
    }

    /// libpq's format (postgresql.org/docs/current/libpq-pgpass.html): the first matching line wins, `*`
    /// matches anything, `\:` and `\\` are a colon and a backslash.
    @Test func passwordFileLinesMatchAsLibpqMatchesThem() throws {
        let location = try PostgresLocation("postgres://photos@db.example:5432/lib")
        let file = """
            # a comment
            other:5432:lib:photos:wrong-host
            db.example:6543:lib:photos:wrong-port
            db.example:5432:lib
            \\*:*:*:*:escaped-star-is-literal
            db.example:*:lib:photos:pa\\:ss\\\\word
            *:*:*:*:later-line
            """
        #expect(PostgresPasswordFile.password(in: file, for: location) == "pa:ss\\word")
        #expect(PostgresPasswordFile.password(in: "*:*:*:*:any\r\n", for: location) == "any")
        #expect(PostgresPasswordFile.password(in: "db.example:5432:lib:someone:x", for: location) == nil)
        let socket = try PostgresLocation("postgres://photos@/lib?host=/run/pg")
        #expect(PostgresPasswordFile.password(in: "localhost:*:*:*:tcp\n/run/pg:5432:lib:photos:socket", for: socket) == "socket")
        let local = try PostgresLocation("postgres://photos@/lib")
        #expect(PostgresPasswordFile.password(in: "localhost:5432:lib:photos:local", for: local) == "local")
        #expect(PostgresPasswordFile.password(in: "db\\.example:5432:lib:photos:dot", for: location) == "dot")
    }
}
