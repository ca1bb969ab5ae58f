import Foundation
import GRDB
import Testing
@testable import PhotoLibrary

@Suite struct MigrationTests {
    /// The build plugin compiled every Migrations/*.sql into the module, text for text.
    @Test func embeddedMigrationsAreTheFilesOfMigrationsFolder() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.migrations.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(files == ["0001_create_photos.sql", "0002_create_thumbnails.sql"])
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
        #expect(try store.appliedMigrations() == ["0001_create_photos", "0002_create_thumbnails"])
        let tables = try store.pool.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["library", "non_photos", "photos", "schema_migrations", "thumbnails"])
        let journal = try store.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func reopeningAppliesNothing() throws {
        let fixture = try LibraryFixture()
        let store = try fixture.store()
        let applied = try MigrationRunner(migrations: Migration.embedded).migrate(store.pool, path: fixture.databasePath)
        #expect(applied == [])
    }

    @Test func laterMigrationsApplyInOrderOnAnOlderDatabase() throws {
        let fixture = try LibraryFixture()
        _ = try fixture.store()
        let later = Migration.embedded + [
            Migration(name: "0098_add_notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT) STRICT;"),
            Migration(name: "0099_add_note_index", sql: "CREATE INDEX notes_text ON notes (text);"),
        ]
        let store = try fixture.store(migrations: later)
        #expect(try store.appliedMigrations()
                == ["0001_create_photos", "0002_create_thumbnails", "0098_add_notes", "0099_add_note_index"])
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

    @Test func failingMigrationRollsBackItsOwnTransactionOnly() throws {
        let fixture = try LibraryFixture()
        let broken = Migration.embedded + [
            Migration(name: "0098_half_done", sql: "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);"),
        ]
        #expect(throws: LibraryError.self) { _ = try fixture.store(migrations: broken) }
        do {
            _ = try fixture.store(migrations: broken)
        } catch {
            guard case let .migrationFailed(name, message) = error else {
                Issue.record("expected migrationFailed, got \(error)")
                return
            }
            #expect(name == "0098_half_done")
            #expect(message.contains("no_such_table"))
        }
        let store = try fixture.store()
        #expect(try store.appliedMigrations() == ["0001_create_photos", "0002_create_thumbnails"])
        let half = try store.pool.read { db in try db.tableExists("half") }
        #expect(half == false)
    }

    @Test func someoneElsesDatabaseIsRefused() throws {
        let fixture = try LibraryFixture()
        let queue = try DatabaseQueue(path: fixture.databasePath)
        try queue.write { db in try db.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
        try queue.close()
        #expect(throws: LibraryError.notAPhotoGridDatabase(path: fixture.databasePath)) { _ = try fixture.store() }
    }

    @Test func existingModeDoesNotCreateADatabase() throws {
        let fixture = try LibraryFixture()
        #expect(throws: LibraryError.noDatabase(path: fixture.databasePath)) {
            _ = try PhotoStore(path: fixture.databasePath, mode: .existing)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.databasePath))
    }

    @Test func notADatabaseFileIsAnOpenError() throws {
        let fixture = try LibraryFixture()
        try Data("just some text, not SQLite\n".utf8).write(to: URL(fileURLWithPath: fixture.databasePath))
        #expect {
            _ = try fixture.store()
        } throws: { error in
            guard let error = error as? LibraryError, case let .openDatabase(path, message) = error else { return false }
            return path == fixture.databasePath && message.contains("not a database")
        }
    }

    /// Several connections migrating one fresh file at once: each migration runs once, none fails.
    @Test func concurrentOpensOfAFreshDatabaseAllSucceed() async throws {
        let fixture = try LibraryFixture()
        let path = fixture.databasePath
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 {
                group.addTask { try PhotoStore(path: path).appliedMigrations() }
            }
            for try await applied in group { #expect(applied == ["0001_create_photos", "0002_create_thumbnails"]) }
        }
    }
}
