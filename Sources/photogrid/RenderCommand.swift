import PhotoGridSupport
import ArgumentParser
import PhotoGrid

/// `photogrid render`: draw the viewport as the screen would show it.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the grid's viewport (or a zoom transition frame) into a JPEG, to see the layout.",
        discussion: """
        The picture is the viewport at --offset, --scale pixels per point: visible cells clipped to their \
        squares, the spacing in white. With --detail I --progress P it is the frame of opening cell I at \
        transition progress P: the grid faded to 1 − P, the photo at the interpolated rect inside its mask. \
        A photo whose data is damaged but decodes (cut short, no end-of-image marker, corrupt bytes) is \
        drawn as decoded, as its thumbnail is (a missing part grey), with a warning on stderr.

        Example: photogrid render --db photogrid.sqlite --width 393 --height 759 --out grid.jpg
        """)

    @OptionGroup var grid: GridOptions

    @Option(help: "Group the library's photos into sections by the day, month or year of their date (headers drawn, the current one pinned): none, day, month or year.")
    var group: String = "none"

    @Option(parsing: .unconditional, help: "Height of a section header in points (with --group).")
    var headerHeight: Double = 44

    @Option(parsing: .unconditional, help: "Draw the transition frame of opening this cell (0-based grid index).")
    var detail: Int?

    @Option(parsing: .unconditional, help: "Transition progress for --detail: 0 (the grid) … 1 (the detail view; the default). Only with --detail.")
    var progress: Double?

    @Option(help: ArgumentHelp("The JPEG to write.", valueName: "file.jpg"), transform: PathArgument.nonEmpty)
    var out: String

    @Flag(help: "Print what was drawn as a JSON document (path, pixel size, cells, failures).")
    var json = false

    /// The layout request with the grouping flags.
    var sectionsRequest: LayoutRequest {
        var request = grid.request()
        request.group = group
        request.headerHeight = headerHeight
        return request
    }

    func run() throws {
        if progress != nil && detail == nil { throw UsageError("--progress applies only with --detail I") }
        let summary = try LibraryPicture.render(database: grid.database.location(), request: sectionsRequest, detail: detail,
                                                progress: progress ?? 1, output: out)
        if json {
            try printJSON(encoding: summary)
        } else {
            for failure in summary.failures { printError(failure.message + (failure.remedy?.commandLineAdvice ?? "")) }
            for warning in summary.warnings { printWarning(warning.message) }
            Console.writeOutput(summary.text)
        }
    }
}
