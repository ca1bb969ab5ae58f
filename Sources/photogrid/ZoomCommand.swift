import PhotoGridSupport
import ArgumentParser
import PhotoGrid

/// `photogrid zoom`: pinch between two column sets (the layout reference's §10.3).
struct ZoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "zoom",
        abstract: "Pinch zoom: the photo under a point and the new offset when the columns change, with the new layout, as JSON.",
        discussion: """
        The anchor is the cell under --at (viewport coordinates) in the layout with --from columns, or, in a \
        gap or on a header, the nearest cell of the next row; the new offset keeps the same point of that \
        photo under --at with --to columns (clamped to the scroll range). Prints {version, anchor, offset, \
        layout}: layout is the document `photogrid layout` prints at the new offset with the --to columns. \
        With --justified, --from and --to are row heights: the pinch changes the rows' target height.

        Examples:
          photogrid zoom --sizes 4032x3024,… --width 393 --offset 1200 --from adaptive:100/3 --to adaptive:60/3 --at 200,300
          photogrid zoom --db photogrid.sqlite --group month --width 393 --from adaptive:100/3 --to adaptive:180/3 --at 100,40
        """)

    @OptionGroup var grid: GridOptions

    @OptionGroup var sizes: SizesOption

    @OptionGroup var sections: SectionOptions

    @Option(help: "The columns before the pinch (the --columns grammar); with --justified, the row height in points.")
    var from: String

    @Option(help: "The columns after the pinch; with --justified, the row height in points.")
    var to: String

    @Option(parsing: .unconditional, help: "The pinch point X,Y in viewport points.")
    var at: String

    @Flag(help: "Print the JSON document (the output is always JSON; every command takes --json).")
    var json = false

    func run() throws {
        if sizes.sizes != nil, grid.database.db != nil {
            throw UsageError("--db does not apply with --sizes (the sizes are laid out, not a library)")
        }
        if grid.columns != "adaptive:100/3" {
            throw UsageError("--columns does not apply to zoom: give --from and --to")
        }
        let document = try grid.request(sizes: sizes.sizes, sections: sections)
            .zoomDocument(from: from, to: to, at: at, database: grid.database.location())
        try printJSON(document)
    }
}
