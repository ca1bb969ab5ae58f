import GridLayout

/// The grid a client draws: its columns, row spacing and cell style (`--columns`, `--row-spacing` in the README).
public struct GridConfiguration: Sendable, Hashable {
    public var columns: [GridItem]
    public var rowSpacing: Double
    public var cellStyle: PhotoCellStyle

    /// The Photos-style grid: `adaptive:100/3`, row spacing 3, square cells.
    public init(columns: [GridItem] = [.photoGrid], rowSpacing: Double = 3, cellStyle: PhotoCellStyle = .square) {
        self.columns = columns
        self.rowSpacing = rowSpacing
        self.cellStyle = cellStyle
    }

    public var grid: LazyVGridLayout { LazyVGridLayout(columns: columns, spacing: rowSpacing) }
}
