import ArgumentParser
import PhotoGrid

/// The viewport and grid flags shared by `layout` and `detail`.
struct GridOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption

    @Option(help: "Display pixel sizes to lay out instead of a library, e.g. 4032x3024,3024x4032.")
    var sizes: String?

    @Option(help: "Viewport width in points (the width proposed to the grid).")
    var width: Double

    @Option(help: "Viewport height in points.")
    var height: Double = 759

    @Option(parsing: .unconditional, help: "Scroll offset: the content y at the viewport's top edge (may be negative).")
    var offset: Double = 0

    @Option(help: "Columns: comma-separated fixed:W, flexible[:MIN[:MAX]], adaptive:MIN[:MAX], each optionally /SPACING; inf for infinity.")
    var columns: String = "adaptive:100/3"

    @Option(help: "Gap between rows in points.")
    var rowSpacing: Double = 3

    @Option(help: "Display scale (device pixels per point), echoed in the viewport.")
    var scale: Double = 3

    @Option(help: "Cell style: square (the Photos grid), resizable or fit (the intermediate steps of S01E309).")
    var cellStyle: String = "square"

    /// The request these flags make.
    var request: LayoutRequest {
        LayoutRequest(sizes: sizes, width: width, height: height, offset: offset, scale: scale,
                      columns: columns, rowSpacing: rowSpacing, cellStyle: cellStyle)
    }

    /// The gallery for these flags, from --sizes or the library; a bad flag is one line and exit 64,
    /// a database problem one line and exit 1.
    func gallery(all: Bool = false, detailIndex: Int? = nil) throws -> GalleryLayout {
        try usage { try request.gallery(database: database.path, all: all, detailIndex: detailIndex) }
    }
}
