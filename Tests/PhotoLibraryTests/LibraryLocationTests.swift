import PhotoLibrary
import Testing

/// `LibraryLocation`: what a `--db` value names, the files SQLite keeps beside a database (sqlite.org/tempfiles.html:
/// the write-ahead log `-wal`, its shared memory `-shm`, the rollback journal `-journal`), and the default
/// thumbnail folder (docs/commands.md, `photogrid thumbs`).
@Suite struct LibraryLocationTests {
    @Test("a file path is a SQLite library with its three side files; an address a PostgreSQL one with none")
    func kinds() throws {
        let file = try LibraryLocation("/data/lib.sqlite")
        #expect(file == .sqliteFile("/data/lib.sqlite"))
        #expect(file.files == ["/data/lib.sqlite", "/data/lib.sqlite-wal", "/data/lib.sqlite-shm", "/data/lib.sqlite-journal"])
        let database = try LibraryLocation("postgres://photos@db.example:5433/album")
        #expect(database.files.isEmpty)
        #expect(database == .postgres(try PostgresLocation("postgres://photos@db.example:5433/album"), address: "postgres://photos@db.example:5433/album"))
        #expect(throws: LibraryError.self) { try LibraryLocation("postgres://photos@db.example:port/album") }
    }

    @Test("the default thumbnail folder: beside the file, or one per PostgreSQL database on this machine")
    func thumbnailFolders() throws {
        #expect(try LibraryLocation("photogrid.sqlite").defaultThumbnailFolder == "thumbnails")
        #expect(try LibraryLocation("/data/lib.sqlite").defaultThumbnailFolder == "/data/thumbnails")
        #expect(try LibraryLocation("postgres://u@db:5432/photos").defaultThumbnailFolder == "/var/tmp/photogrid/db-5432-photos/thumbnails")
    }

    @Test("the names a SQLite library writes, and names it does not", arguments: [
        ("photogrid.sqlite", true), ("a.db", true), ("a.sqlite-wal", true), ("a.sqlite-shm", true), ("a.db-journal", true),
        ("IMG_0001.JPG", false), ("notes.sqlite.txt", false), ("walnut.jpg", false), ("shm", false),
    ])
    func sqliteNames(name: String, written: Bool) {
        #expect(LibraryLocation.isSQLiteFileName(name) == written)
    }
}
