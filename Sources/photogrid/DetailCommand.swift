import ArgumentParser
import PhotoGrid

/// `photogrid detail I`: the geometry of opening cell I (`docs/json.md`).
struct DetailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail",
        abstract: "Print the geometry of opening a cell in the detail view: cell, zoom source, fit rect, transition and drag.",
        discussion: """
        Rects are in viewport coordinates (content y minus --offset). --progress P (0 = in the grid, 1 = \
        full screen) gives the interpolated image rect, its square mask and their intersection; --drag DX,DY \
        adds the drag-to-dismiss state (scale, grid opacity, rendered rect).

        --drag follows SwiftUI's formulas without clamping: scale = 1 − DY/1000 and grid opacity = \
        1.3 × DY/1000 for DY > 0 (scale 1, opacity 0 otherwise). Beyond DY = 1000 the scale is negative \
        (SwiftUI's scaleEffect then mirrors the photo: the rendered rect has a negative width and height) \
        and the opacity is above 1 (SwiftUI draws it as 1). DX and DY must lie within ±1,000,000 points.

        Without --sizes the photo is the library's (--db). Example:
          photogrid detail 1 --sizes 4032x3024,3024x4032 --width 393 --height 759 --progress 0.5 --drag 0,200
        """)

    @Argument(help: "Index of the cell in grid order (0-based).")
    var index: Int

    @OptionGroup var grid: GridOptions

    @OptionGroup var sizes: SizesOption

    @OptionGroup var sections: SectionOptions

    @Option(parsing: .unconditional, help: "Transition progress between 0 (the grid cell) and 1 (the detail view).")
    var progress: Double = 1

    @Option(parsing: .unconditional, help: "Drag translation DX,DY in points (e.g. 0,200 or -10,20), each within ±1,000,000.")
    var drag: String?

    @Flag(help: "Print the JSON document (the output is always JSON; every command takes --json).")
    var json = false

    func run() throws {
        let gallery = try grid.gallery(sizes: sizes, sections: sections, detailIndex: index)
        let document = try gallery.detailDocument(index: index, progress: progress, drag: try LayoutRequest.dragTranslation(drag))
        try printJSON(document)
    }
}
