public import GridLayout

/// The grid a client draws: its columns, row spacing and cell style (`--columns`, `--row-spacing` in docs/commands.md).
public struct GridConfiguration: Sendable, Hashable {
    public var columns: [GridItem]
    public var rowSpacing: Double
    public var cellStyle: PhotoCellStyle
    /// Height of a section header in points (used only with sections).
    public var headerHeight: Double

    /// The Photos-style grid: `adaptive:100/3`, row spacing 3, square cells, 44-point headers.
    public init(columns: [GridItem] = [.photoGrid], rowSpacing: Double = 3, cellStyle: PhotoCellStyle = .square,
                headerHeight: Double = 44) {
        self.columns = columns
        self.rowSpacing = rowSpacing
        self.cellStyle = cellStyle
        self.headerHeight = headerHeight
    }

    public var grid: LazyVGridLayout { LazyVGridLayout(columns: columns, spacing: rowSpacing) }
}
