import TestSupport
import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary
@testable import Indexing

@Suite struct MigrationTests {
    /// The build plugin compiled every Migrations/*.sql into the module, text for text.
    @Test func embeddedMigrationsAreTheFilesOfMigrationsFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.migrations.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files.first == "0001_create_photos.sql")
        #expect(Migration.embedded.map { $0.name + ".sql" } == files)
        for migration in Migration.embedded {
            let text = try String(contentsOf: Repository.migrations.appendingPathComponent(migration.name + ".sql"),
                                  encoding: .utf8)
            #expect(migration.sql == text)
        }
    }

    @Test func freshDatabaseHasTheSchemaAndRecordsTheMigration() throws {
        let fixture = try LibraryFixture()
        let store = try fixture.store()
        // Every file of Migrations/, in order (0001 first; later files add to it).
        #expect(try store.appliedMigrations() == Migration.embedded.map(\.name))
        #expect(try store.appliedMigrations().first == "0001_create_photos")
        let tables = try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(Set(["library", "non_photos", "photos", "schema_migrations"]).isSubset(of: tables))
        let journal = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func reopeningAppliesNothing() throws {
        let fixture = try LibraryFixture()
        let store = try fixture.store()
        let applied = try SQLiteStore.migrate(store.pool, MigrationRunner(migrations: Migration.embedded, path: fixture.databasePath))
        #expect(applied == [])
    }

    @Test func laterMigrationsApplyInOrderOnAnOlderDatabase() throws {
        let fixture = try LibraryFixture()
        _ = try fixture.store()
        let later = Migration.embedded + [
            Migration(name: "9002_add_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT) STRICT;"),
            Migration(name: "9003_add_note_index", sql: "CREATE INDEX notes_text ON notes (text);"),
        ]
        let store = try fixture.store(migrations: later)
        #expect(try store.appliedMigrations() == Migration.embedded.map(\.name) + ["9002_add_notes", "9003_add_note_index"])
    }

    /// 0012 rewrites the photos table's three IN-list CHECKs as comparisons in a library made before it:
    /// rows kept, the same values refused (by the new text), SQLite's integrity check sound.
    @Test func constantChecksAreRewrittenInPlace() throws {
        let fixture = try LibraryFixture()
        try fixture.copySample("aitzgorri.jpg", to: "a.jpg")
        let before = Migration.embedded.filter { $0.name < "0012" }
        _ = try Indexer(writer: try fixture.store(migrations: before)).index(folder: fixture.photos.path)
        let store = try fixture.store()
        #expect(try store.appliedMigrations().contains("0012_constant_checks"))
        let definition = try store.pool.read { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_schema WHERE name = 'photos'") } ?? ""
        #expect(!definition.contains(" IN ('") && definition.contains("media = 'photo' OR media = 'video' OR media = 'live'"))
        #expect(definition.contains("status = 'ok' OR status = 'error' OR status = 'missing'"))
        #expect(try store.photos().map(\.path) == ["a.jpg"])
        #expect(try store.integrityCheck() == "ok")
        for (column, value) in [("media", "'film'"), ("status", "'gone'"), ("color_space", "'lab'")] {
            #expect(throws: (any Error).self, "\(column) = \(value)") {
                try store.pool.write { db in try db.execute(sql: "UPDATE photos SET \(column) = \(value)") }
            }
        }
        try store.pool.write { db in try db.execute(sql: "UPDATE photos SET media = 'video', color_space = NULL") }
        // The insert that an index run repeats per row builds no temporary b-tree any more.
        let plan = try store.pool.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN " + SQLiteStore.upsertPhotoSQL, arguments: StatementArguments(Array(repeating: nil as String?, count: 26)))
                .map { $0["opcode"] as String }
        }
        #expect(!plan.contains("OpenEphemeral"))
    }

    @Test func databaseFromANewerSchemaIsRefusedNamingTheFile() throws {
        let fixture = try LibraryFixture()
        let newer = Migration.embedded + [Migration(name: "0099_future_feature", sql: "CREATE TABLE future (x INTEGER);")]
        _ = try fixture.store(migrations: newer)

        #expect(throws: LibraryError.schemaTooNew(path: fixture.databasePath, unknownMigrations: ["0099_future_feature"])) {
            _ = try fixture.store()
        }
        do {
            _ = try fixture.store()
        } catch {
            #expect(error.description.contains("0099_future_feature.sql"))
            #expect(error.description.contains("newer photogrid"))
        }
    }

    /// The pending migrations go in one transaction: one that fails takes the whole set back (and the
    /// file this open created is removed again), and the next open applies the migrations this binary knows.
    @Test func failingMigrationRollsBackThePendingSet() throws {
        let fixture = try LibraryFixture()
        let broken = Migration.embedded + [
            Migration(name: "9002_half_done", sql: "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);"),
        ]
        #expect(throws: LibraryError.self) { _ = try fixture.store(migrations: broken) }
        do {
            _ = try fixture.store(migrations: broken)
        } catch {
            guard case let .migrationFailed(name, message) = error else {
                Issue.record("expected migrationFailed, got \(error)")
                return
            }
            #expect(name == "9002_half_done")
            #expect(message.contains("no_such_table"))
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath), "no half-made library is left")
        let store = try fixture.store()
        #expect(try store.appliedMigrations() == Migration.embedded.map(\.name))
        let half = try store.pool.read { db in try db.tableExists("half") }
        #expect(half == false)
    }

    /// Someone else's database (rollback journal, made through GRDB here) is refused before anything
    /// is written: its bytes are the same and no -wal, -shm or -journal file is left beside it.
    @Test func someoneElsesDatabaseIsRefusedUntouched() throws {
        let fixture = try LibraryFixture()
        let queue = try DatabaseQueue(path: fixture.databasePath)
        try queue.write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath))
        #expect(before[18] == 1 && before[19] == 1)  // rollback journal (2 would be WAL)
        for mode in [SQLiteStore.OpenMode.createIfMissing, .existing] {
            #expect(throws: LibraryError.notAPhotoGridDatabase(path: fixture.databasePath)) {
                _ = try SQLiteStore(path: fixture.databasePath, mode: mode)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)) == before)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.databasePath + suffix))
        }
    }

    /// An empty file is not adopted as a new library (SQLite would treat it as an empty database).
    @Test func emptyFileIsRefusedUntouched() throws {
        let fixture = try LibraryFixture()
        #expect(FileManager.default.createFile(atPath: fixture.databasePath, contents: Data()))
        #expect(throws: LibraryError.notADatabase(path: fixture.databasePath, reason: "it is an empty file")) {
            _ = try fixture.store()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)).isEmpty)
    }

    @Test func notADatabaseFileIsRefusedUntouched() throws {
        let fixture = try LibraryFixture()
        let text = Data("just some text, not SQLite\n".utf8)
        try text.write(to: URL(fileURLWithPath: fixture.databasePath))
        #expect(throws: LibraryError.notADatabase(path: fixture.databasePath, reason: "it is not an SQLite database")) {
            _ = try fixture.store()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)) == text)
    }

    /// A new library carries photogrid's application id in its header (bytes 68–71, "PGrd") and a
    /// 32-hex-digit id that stays the same across opens.
    @Test func newLibraryIsMarkedAndHasAStableID() throws {
        let fixture = try LibraryFixture()
        let id = try fixture.store().libraryID()
        let header = try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)).prefix(100)
        #expect(Array(header[68...71]) == Array("PGrd".utf8))
        #expect(id.count == 32 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(try SQLiteStore(path: fixture.databasePath, mode: .existing).libraryID() == id)
        let other = try LibraryFixture()
        #expect(try other.store().libraryID() != id)
    }

    @Test func existingModeDoesNotCreateADatabase() throws {
        let fixture = try LibraryFixture()
        #expect(throws: LibraryError.noDatabase(path: fixture.databasePath)) {
            _ = try SQLiteStore(path: fixture.databasePath, mode: .existing)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath))
    }

    /// Several connections migrating one fresh file at once: each migration runs once, none fails.
    @Test func concurrentOpensOfAFreshDatabaseAllSucceed() async throws {
        let fixture = try LibraryFixture()
        let path = fixture.databasePath
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask { try SQLiteStore(path: path).appliedMigrations() }
            }
            for try await applied in group { #expect(applied == Migration.embedded.map(\.name)) }
        }
    }
}
