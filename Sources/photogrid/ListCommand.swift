import ArgumentParser
import PhotoGrid

/// `photogrid list`: the library's photos in grid order.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the indexed photos in grid order (taken-at, else file time; then path).",
        discussion: """
        Shows each photo's id, status (ok, error, missing), display size in pixels (after EXIF \
        orientation), orientation, EXIF date and path (control characters and invalid UTF-8 escaped); \
        error rows say what is wrong with the file. --json prints { "version": 1, "photos": [ … ] } with \
        keys sorted; a path that is not valid UTF-8 also has "pathBytes", the base64 of its bytes.

        --skipped lists instead the entries of the library's folder that are not indexed, as the folder \
        is now, with their kind: image, raw, video, other, hidden, symlink, cache, output \
        (--json: { "version": 1, "skipped": [ { "kind", "path" } ] }).
        """)

    @OptionGroup var database: DatabaseOption

    @Flag(help: "List the files and folders of the library's folder that are not indexed, with their kind.")
    var skipped = false

    @Flag(help: "Print a JSON document instead of a table.")
    var json = false

    func run() throws {
        if skipped {
            let document = try LibraryListing.skipped(database: database.location())
            Console.writeOutput(json ? document.json + "\n" : document.table)
            return
        }
        let document = try LibraryListing.document(database: database.location())
        if json { try printJSON(document, reservingCapacity: document.expectedBytes) } else { Console.writeOutput(document.table) }
    }
}
