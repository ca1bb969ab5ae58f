import ArgumentParser
import PhotoGrid

/// `photogrid stats`: totals of the library.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise the library: folder, photo counts by status, orientations, colour spaces, sizes, dates, thumbnail work waiting.")

    @OptionGroup var database: DatabaseOption

    @Flag(help: "Also run SQLite's integrity check on the database file (prints Integrity: ok).")
    var check = false

    @Flag(help: "Print the statistics as a JSON document (counts as numbers, keys sorted).")
    var json = false

    func run() throws {
        let statistics = try LibraryStatistics.read(database: database.location(), checkIntegrity: check, thumbnailQueue: true)
        if json { try printJSON(encoding: statistics.document) } else { Console.writeOutput(statistics.text) }
    }
}
