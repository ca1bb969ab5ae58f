import ArgumentParser
import PhotoGrid

/// `photogrid layout`: the grid for a viewport, as JSON (`docs/json.md`).
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the grid layout for a viewport as JSON: columns, rows, and the cells on screen.",
        discussion: """
        Cells are those whose frames intersect [offset, offset + height) in content coordinates (all cells \
        with --all). Each cell has its frame and its unclipped image frame in points, and its crop: the \
        visible part of the photo in display pixels.

        Without --sizes the photos are the library's (--db): every readable photo, in grid order, with its \
        id and path (and pathBytes, the base64 of the path's bytes, when they are not valid UTF-8).

        Examples:
          photogrid layout --sizes 4032x3024,3024x4032 --width 393 --height 759
          photogrid layout --db photogrid.sqlite --width 393 --offset 1200
        """)

    @OptionGroup var grid: GridOptions

    @OptionGroup var sizes: SizesOption

    @OptionGroup var sections: SectionOptions

    @Flag(help: "Print every cell, not only the visible ones.")
    var all = false

    @Flag(help: "Print the JSON document (the output is always JSON; every command takes --json).")
    var json = false

    func run() throws {
        try printJSON(try grid.gallery(sizes: sizes, sections: sections, all: all).layoutDocument(all: all))
    }
}
