import PhotoGridSupport
import ArgumentParser
import PhotoGrid

/// The viewport and grid flags shared by `layout`, `detail` and `render`. Numeric options take
/// negative values (`--offset -100`); their own check says what is allowed.
struct GridOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Option(parsing: .unconditional, help: "Viewport width in points (the width proposed to the grid).")
    var width: Double

    @Option(parsing: .unconditional, help: "Viewport height in points.")
    var height: Double = 759

    @Option(parsing: .unconditional, help: "Scroll offset: the content y at the viewport's top edge (may be negative).")
    var offset: Double = 0

    @Option(parsing: .unconditional, help: "Columns: comma-separated fixed:W, flexible[:MIN[:MAX]], adaptive:MIN[:MAX], each optionally /SPACING; inf for infinity.")
    var columns: String = "adaptive:100/3"

    @Option(parsing: .unconditional, help: "Gap between rows in points.")
    var rowSpacing: Double = 3

    @Option(parsing: .unconditional, help: "Display scale (device pixels per point), echoed in the viewport.")
    var scale: Double = 3

    @OptionGroup var arrangement: JustifiedOptions

    @Option(help: "Cell style: square (the Photos grid), resizable or fit (the intermediate steps of S01E309).")
    var cellStyle: String = "square"

    /// The request these flags make, with `--sizes` when the command has it.
    func request(sizes: String? = nil, sections: SectionOptions? = nil) -> LayoutRequest {
        LayoutRequest(sizes: sizes, width: width, height: height, offset: offset, scale: scale,
                      columns: columns, rowSpacing: rowSpacing, cellStyle: cellStyle,
                      group: sections?.group ?? "none", sections: sections?.sections,
                      headerHeight: sections?.headerHeight ?? 44, justified: arrangement.request)
    }

    /// The gallery for these flags, from --sizes or the library; a bad flag is one line and exit 64,
    /// a database problem one line and exit 1.
    func gallery(sizes: SizesOption, sections: SectionOptions? = nil, all: Bool = false, detailIndex: Int? = nil) throws -> GalleryLayout {
        if sizes.sizes != nil, database.db != nil {
            throw UsageError("--db does not apply with --sizes (the sizes are laid out, not a library)")
        }
        return try request(sizes: sizes.sizes, sections: sections).gallery(database: database.location(), all: all, detailIndex: detailIndex)
    }
}
