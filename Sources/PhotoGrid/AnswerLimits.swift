import GridLayout
import PhotoGridSupport

/// The most one layout answer may cost, checked before any work (docs/serve.md, "Limits"): a question
/// over a limit is a `UsageError` naming the value to change, never a large allocation. The server
/// applies its own (`RequestLimits.answer`); the command line lays out what its user asks.
public struct AnswerLimits: Sendable, Hashable {
    /// Items in one `columns` spec (`adaptive:100/3` is one).
    public var columnItems: Int
    /// Columns (tracks) of one grid, after adaptive items are expanded.
    public var columns: Int
    /// Cells in one answer, whatever the viewport; also the most photos `all=true` and the cell styles
    /// that read every row (`resizable`, `fit`) take.
    public var cells: Int

    public init(columnItems: Int, columns: Int, cells: Int) {
        self.columnItems = columnItems
        self.columns = columns
        self.cells = cells
    }

    /// Checks a question whose columns are `columns` (the `--columns` grammar) against the column limits,
    /// for the option that gave them (`columns`, or zoom's `from` and `to`). Justified rows have no
    /// columns (`justifiedConfiguration()` refuses a `columns` given with them).
    public func checkColumns(_ request: LayoutRequest, option: String = "columns") throws(UsageError) {
        guard request.justified == nil else { return }
        let items = request.columns.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
        guard items <= columnItems else {
            throw UsageError(option: option, "has \(CountText.grouped(items)) items; a question takes at most \(columnItems)")
        }
        let configuration: GridConfiguration
        do { configuration = try request.configuration() } catch { throw error.renamingParameter("columns", to: option) }
        guard request.width.isFinite, request.width > 0, request.width <= GalleryLayout.maximumExtent else { return }
        let count = configuration.grid.trackCount(proposedWidth: request.width)
        guard count <= columns else {
            throw UsageError(option: option, "makes \(CountText.grouped(count)) columns at width \(request.width.formatted); a grid has at most \(CountText.grouped(columns)) (give a larger minimum)")
        }
    }

    /// Checks the whole question for a grid of `count` photos: its columns, then the cells its answer
    /// holds — every photo with `all` or cells that are not square, else at most the rows the viewport's
    /// height can show times the columns.
    public func check(_ request: LayoutRequest, count: Int, all: Bool) throws(UsageError) {
        try checkColumns(request)
        let configuration = try request.configuration()
        if all || configuration.cellStyle != .square {
            guard count <= cells else {
                let detail: FailureText = "answers at most \(CountText.grouped(cells)) photos and the grid has \(CountText.grouped(count)): ask for the visible range (\(parameter: "height") and \(parameter: "offset")\(all ? "" : " of square cells")), or page through /api/v1/photos"
                throw all ? UsageError(option: "all", separator: "=true ", detail)
                          : UsageError(option: "cell-style", separator: " \(request.cellStyle) ", detail)
            }
            return
        }
        try GalleryLayout.validate(request.viewport, configuration)
        if let justified = try request.justifiedConfiguration() {
            // Rows are never lower than half the target (lib/row.js `edgeCaseMinRowHeight`), each holds a
            // photo or more; how many more is counted once the rows are laid out (`tooManyCells`).
            let pitch = 0.5 * justified.targetRowHeight + justified.boxSpacing.vertical
            let rows = min(Double(count), (request.height / pitch).rounded(.up) + 1)
            guard rows <= Double(cells) else { throw Self.tooManyCells(Int(rows), limit: cells) }
            return
        }
        let tracks = configuration.grid.tracks(proposedWidth: request.width)
        guard !tracks.isEmpty else { return }
        let sectioned = request.group != GalleryGrouping.none.rawValue
        // Every row but a section's last is as tall as the widest track; a section's last row at least
        // as tall as the narrowest, and headers only take room.
        let pitch = sectioned ? tracks.reduce(Double.infinity) { min($0, $1.width) }
                              : tracks.reduce(0) { max($0, $1.width) } + configuration.rowSpacing
        let rows = pitch > 0 ? (request.height / pitch).rounded(.up) + 1 : .infinity
        let shown = min(Double(count), rows * Double(tracks.count))
        guard shown <= Double(cells) else { throw Self.tooManyCells(Int(shown), limit: cells) }
    }

    /// Checks the cells a laid-out gallery's window holds: justified rows, whose photos per row are known
    /// only once laid out (the rows' starts, no box made).
    public func checkShown(_ gallery: GalleryLayout, all: Bool) throws(UsageError) {
        guard !all, let rows = gallery.justified else { return }
        let shown = rows.visibleCountBound(offset: gallery.viewport.offset, height: gallery.viewport.height)
        guard shown <= cells else { throw Self.tooManyCells(shown, limit: cells) }
    }

    /// A viewport that shows `shown` cells, more than `limit`.
    public static func tooManyCells(_ shown: Int, limit: Int) -> UsageError {
        UsageError(option: "height", "shows up to \(CountText.grouped(shown)) cells at these columns; an answer holds at most \(CountText.grouped(limit)) (ask for a smaller height and page with offset)")
    }
}

private extension Double {
    /// A whole number without its `.0`.
    var formatted: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}
