import Foundation
import TestSupport
import Testing

/// The binary carries its SQL migrations: it never looks for Migrations/ on disk.
@Suite struct EmbeddedMigrationTests {
    @Test func aCopyOfTheBinaryFarFromTheSourceTreeCreatesTheSchema() throws {
        let directory = try PhotoGridBinary.temporaryDirectory("photogrid-embedded")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("photogrid")
        // Copied by `cp`, not in this process: a process another test forks meanwhile would inherit this
        // process's descriptor of the copy being written, and the copy's exec would fail "Text file busy".
        let copied = try ProcessRunner.run(URL(fileURLWithPath: "/bin/cp"), [try PhotoGridBinary.url.path, copy.path], in: directory)
        #expect(copied.status == 0, "\(copied.stderr)")
        let photos = directory.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data(TinyJPEG.numbered(7)).write(to: photos.appendingPathComponent("seven.jpg"))

        let run = try ProcessRunner.run(copy, ["index", "photos", "--json"], in: directory)
        #expect(run.status == 0)
        #expect(try run.json()["added"] as? Int == 1)
        let stats = try ProcessRunner.run(copy, ["stats"], in: directory)
        #expect(stats.stdoutText.contains("(schema \(PhotoGridBinary.latestMigration))"))
        #expect(PhotoGridBinary.latestMigration != "none")
    }

    @Test func theBinaryDoesNotNameTheMigrationsFolder() throws {
        let binary = try Data(contentsOf: try PhotoGridBinary.url)
        let folder = Repository.root.appendingPathComponent("Migrations").path
        #expect(binary.range(of: Data(folder.utf8)) == nil)
        // …but does hold the SQL itself.
        #expect(binary.range(of: Data("CREATE TABLE photos (".utf8)) != nil)
    }
}
