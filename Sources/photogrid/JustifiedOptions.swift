import ArgumentParser
import PhotoGrid

/// `--justified` and its options (docs/commands.md, "Justified rows"): the flags of `layout`, `detail`,
/// `zoom`, `render` and `export` that switch the grid to justified rows. Values are checked by the model
/// (`JustifiedRequest.configuration`); a justified option without `--justified` is a usage error.
struct JustifiedOptions: ParsableArguments {
    @Flag(help: "Justified rows (flickr/justified-layout's geometry): every photo at its own aspect ratio, rows of nearly one height filling the width.")
    var justified = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Target row height in points (default: 100 below a 600-point width, else 235).", valueName: "h"))
    var rowHeight: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("How far a row's height may stray from the target, as a fraction.", valueName: "t"))
    var rowHeightTolerance: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Gaps in points between photos in a row and between rows (default 3).", valueName: "h[,v]"))
    var spacing: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Padding in points around the rows: one for every side, or top,right,bottom,left (default 0).", valueName: "p|t,r,b,l"))
    var padding: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lay out at most this many rows (per section); the photos after them get no cell.", valueName: "n"))
    var maxRows: Int?

    @Option(help: "The last, incomplete row: left, justify (stretched to the width), center, or hide (no cells).")
    var widows: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Every Nth row opens with its first photo alone at full width when it is square or wider.", valueName: "n"))
    var breakoutEvery: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Lay every photo out at this aspect ratio (width / height), cropped centred.", valueName: "r"))
    var aspectRatio: Double?

    func validate() throws {
        guard !justified else { return }
        let given: [(Bool, String)] = [(rowHeight != nil, "row-height"), (rowHeightTolerance != nil, "row-height-tolerance"),
                                       (spacing != nil, "spacing"), (padding != nil, "padding"), (maxRows != nil, "max-rows"),
                                       (widows != nil, "widows"), (breakoutEvery != nil, "breakout-every"), (aspectRatio != nil, "aspect-ratio")]
        if let (_, option) = given.first(where: \.0) {
            throw ValidationError("--\(option) applies to justified rows: give --justified too")
        }
    }

    /// The justified options of the request; nil for the square grid.
    var request: JustifiedRequest? {
        guard justified else { return nil }
        return JustifiedRequest(rowHeight: rowHeight, rowHeightTolerance: rowHeightTolerance ?? 0.25, spacing: spacing, padding: padding,
                                maxRows: maxRows, widows: widows ?? "left", breakoutEvery: breakoutEvery, aspectRatio: aspectRatio)
    }
}
