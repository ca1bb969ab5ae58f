import ArgumentParser
import PhotoGrid

/// `photogrid export`: index + thumbnails + layout.json + grid.jpg in one folder.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Index a folder and write everything a client needs to draw its grid: thumbnails, layout.json, grid.jpg.",
        discussion: """
        DIR receives photogrid.sqlite (the library), thumbnails/grid-N/ (each cell's centre square at cell \
        size × scale pixels) and thumbnails/detail-M/ (whole photos fitted within M pixels), layout.json (the \
        layout document of every cell, each with its "thumbnail" path relative to layout.json) and grid.jpg \
        (the first screen). Defaults are an iPhone's grid: width 393, height 759, scale 3. A second run on an \
        unchanged folder only checks: it makes no thumbnail and rewrites nothing.

        DIR must be new, empty, or made by a previous export (its photogrid.sqlite and nothing but what \
        an export writes); a folder of other files is refused and nothing is written into it (exit 1). Thumbnail sizes an \
        earlier export made and this one does not are removed (files and records). An export that fails \
        removes the folder it created.

        Example: photogrid export SampleImages --out gallery
        """)

    @Argument(help: "The folder of photos.", transform: PathArgument.nonEmpty)
    var folder: String

    @Option(help: ArgumentHelp("The export folder: new, empty, or a previous export's (created if missing).", valueName: "dir"),
            transform: PathArgument.nonEmpty)
    var out: String

    @Option(parsing: .unconditional, help: "Viewport width in points.")
    var width: Double = 393

    @Option(parsing: .unconditional, help: "Viewport height in points.")
    var height: Double = 759

    @Option(parsing: .unconditional, help: "Display scale (device pixels per point).")
    var scale: Double = 3

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Detail thumbnails fit within this many pixels (default: the viewport's long side × scale).", valueName: "px"))
    var detailSize: Int?

    @Option(parsing: .unconditional, help: "Threads for indexing and thumbnails (default: one per active core).")
    var jobs: Int?

    @OptionGroup var pixelLimit: PixelLimitOption

    @Option(help: "Group the photos into sections by the day, month or year of their date, in layout.json and grid.jpg: none, day, month or year.")
    var group: String = "none"

    @Option(parsing: .unconditional, help: "Height of a section header in points (with --group).")
    var headerHeight: Double = 44

    @OptionGroup var arrangement: JustifiedOptions

    @Flag(help: "Print what was done as a JSON document: the index and thumbs summaries, layout.json and grid.jpg.")
    var json = false

    func validate() throws {
        if let problem = JobCount.problem(jobs) { throw ValidationError("--jobs " + problem) }
    }

    func run() throws {
        let report = try GalleryExport.run(
            GalleryExport.Request(folder: folder, output: out, width: width, height: height, scale: scale,
                                  detailSize: detailSize, jobs: jobs, pixelLimit: try pixelLimit.pixels(),
                                  group: group, headerHeight: headerHeight, justified: arrangement.request),
            indexProgress: TerminalProgressBar.ifStandardErrorIsTerminal(),
            thumbnailProgress: TerminalProgressBar.ifStandardErrorIsTerminal())
        if json { try printJSON(encoding: report.document) } else { Console.writeOutput(report.text) }
    }
}
