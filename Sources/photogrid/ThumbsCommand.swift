import ArgumentParser
import PhotoGrid

/// `photogrid thumbs`: grid (and detail) thumbnails of the indexed photos.
struct ThumbsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbs",
        abstract: "Make the grid thumbnails of the indexed photos (and detail thumbnails), kept up to date in a folder.",
        discussion: """
        A grid thumbnail is exactly what a grid cell shows: the centre square of the upright photo, at the \
        cell's size in points × the display scale (129 pt × 3 = 387 px for the default 393-point-wide grid). \
        --detail-size PX also makes detail thumbnails: the whole photo fitted within PX pixels. Photos are \
        decoded at 1/2, 1/4 or 1/8 size inside libjpeg when that still leaves enough pixels, then resampled \
        with an antialiasing filter, turned upright and saved as JPEG (quality 85).

        Files go to DIR/grid-N/<content key>.jpg and DIR/detail-N/<content key>.jpg (default DIR: \
        "thumbnails" next to the database); the database records each one. A rerun makes only what is \
        missing or stale, and removes files no photo uses any more; --prune also removes other sizes. DIR \
        must be new, empty, or a thumbnail folder of this library: a folder holding other files, or one \
        that belongs to another library (its .photogrid-library file names it), is refused and nothing \
        is written. Two runs at once (or a run beside `photogrid worker`s) divide the photos: each claims \
        them a few at a time and leaves those another holds to it. Photos that cannot be made are reported \
        (and recorded) and the run goes on. A photo \
        whose data is damaged but decodes — cut short by an interrupted download, without an end-of-image \
        marker, with a few corrupt bytes — gets the thumbnail libjpeg decodes (a missing part is grey, as a \
        browser shows it), and the damage is reported as a warning and recorded. Exit status 0 even when some photos failed, 1 on a \
        fatal error, 64 on a usage error.
        """)

    @OptionGroup var database: DatabaseOption

    @Option(help: ArgumentHelp("The thumbnail folder (default: thumbnails next to the database).", valueName: "dir"),
            transform: PathArgument.nonEmpty)
    var out: String?

    @OptionGroup var sizes: ThumbnailSizeOptions

    @Flag(help: "Also remove the thumbnails (files and records) of sizes this run does not make.")
    var prune = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    func run() throws {
        var request = try sizes.request(folder: out)
        request.prune = prune
        let report = try LibraryThumbnails.make(database: database.location(), request: request,
                                                progressBar: TerminalProgressBar.ifStandardErrorIsTerminal())
        if json { try printJSON(encoding: report.summary) } else { Console.writeOutput(report.text) }
    }
}
