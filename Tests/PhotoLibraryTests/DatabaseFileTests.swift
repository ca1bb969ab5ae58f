import Foundation
import GRDB
import Testing
@testable import PhotoLibrary
@testable import SQLiteLibrary

/// `DatabaseFile`: what a database path holds, found without writing to it.
@Suite struct DatabaseFileTests {
    /// Read-only opens go through a `file:` URI: every byte but unreserved ones and `/` is
    /// percent-encoded, so `?`, `#` and `%` in a path cannot become URI syntax.
    @Test func uriEscapesEverythingButPlainPathCharacters() {
        #expect(DatabaseFile.uri("/a b/c%?#.sqlite", query: "immutable=1") == "file:/a%20b/c%25%3F%23.sqlite?immutable=1")
        #expect(DatabaseFile.uri("lib/é.sqlite", query: "mode=ro") == "file:lib/%C3%A9.sqlite?mode=ro")
    }

    /// Another program's database in WAL mode, closed cleanly (no -wal or -shm left): classified
    /// through an immutable connection, so no -wal or -shm appears and the bytes stay.
    @Test func foreignWALDatabaseIsClassifiedWithoutCreatingFiles() throws {
        let fixture = try LibraryFixture()
        let path = fixture.databasePath
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE notes (text TEXT)")
        }
        try queue.close()
        for suffix in ["-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: path + suffix)) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before[18] == 2 && before[19] == 2)  // WAL
        #expect(throws: LibraryError.notAPhotoGridDatabase(path: path)) { _ = try DatabaseFile.inspect(path) }
        #expect(throws: LibraryError.notAPhotoGridDatabase(path: path)) { _ = try SQLiteStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        for suffix in ["-wal", "-shm", "-journal"] { #expect(!FileManager.default.fileExists(atPath: path + suffix)) }
    }

    /// A library made before the application id existed (id 0 in its header) is still ours: it is
    /// recognised by its migration ledger, and opening it migrates it, which sets the id.
    @Test func libraryWithoutApplicationIDIsRecognisedByItsLedger() throws {
        let fixture = try LibraryFixture()
        let path = fixture.databasePath
        try fixture.store().pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 0") }
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(72)
        #expect(Array(header[68...71]) == [0, 0, 0, 0])
        #expect(try DatabaseFile.inspect(path) == .library)
        #expect(try DatabaseFile.inspect(path + "-missing") == .missing)
    }
}
