/// The photo grid laid out for one width: columns, rows, content height, and each cell's geometry.
///
/// The view is `ScrollView { LazyVGrid(columns:spacing:) { ForEach(images) { PhotoCell } } }` (docs/layout-spec.md §0.1):
/// the scroll view proposes `(width, nil)` to the grid, the grid proposes `(trackWidth, nil)` to cells.
/// For `.square` cells everything is closed-form (`SquareCellRows`): building the layout and asking for a
/// cell cost O(1) whatever the count. Other styles are evaluated by `LayoutEngine`, cell by cell, with
/// row heights measured once (O(count)). `evaluatedByEngine` forces the engine for square cells too, which
/// the tests use to hold the fast path equal to the engine.
public struct PhotoGridLayout: Sendable {
    public let width: Double
    public let grid: LazyVGridLayout
    public let style: PhotoCellStyle
    public let tracks: [GridTrack]
    /// Each image's natural size: display (oriented) pixels, which are points for 1x images. Empty for a
    /// layout made with `init(width:grid:squareCellCount:)`, whose cells take their size per query.
    public let imageSizes: [Size]
    /// Number of cells.
    public let count: Int
    let rows: Rows

    enum Rows: Sendable {
        case square(SquareCellRows)
        case measured(GridRows)
    }

    public init(width: Double, grid: LazyVGridLayout = .photoGrid, style: PhotoCellStyle = .square,
                imageSizes: [Size], evaluatedByEngine: Bool = false) {
        self.width = width
        self.grid = grid
        self.style = style
        self.imageSizes = imageSizes
        let tracks = grid.tracks(proposedWidth: width)
        self.tracks = tracks
        count = tracks.isEmpty ? 0 : imageSizes.count
        if style == .square && !evaluatedByEngine {
            rows = .square(SquareCellRows(count: tracks.isEmpty ? 0 : imageSizes.count, tracks: tracks, rowSpacing: grid.rowSpacing))
        } else {
            rows = .measured(grid.rows(count: tracks.isEmpty ? 0 : imageSizes.count, columnCount: tracks.count) { i in
                LayoutEngine.cellHeight(style.view(imageSize: imageSizes[i]), trackWidth: tracks[i % tracks.count].width)
            })
        }
    }

    /// A square-cell grid of `count` cells whose image sizes are not loaded: the closed form needs none
    /// to place cells or find the visible ones. Ask for cells with `cell(_:imageSize:)`. This is how a
    /// library of a million photos answers a visible-range query after reading only the visible rows.
    public init(width: Double, grid: LazyVGridLayout = .photoGrid, squareCellCount: Int) {
        self.width = width
        self.grid = grid
        style = .square
        imageSizes = []
        let tracks = grid.tracks(proposedWidth: width)
        self.tracks = tracks
        count = tracks.isEmpty ? 0 : max(squareCellCount, 0)
        rows = .square(SquareCellRows(count: count, tracks: tracks, rowSpacing: grid.rowSpacing))
    }

    public var rowCount: Int {
        switch rows {
        case let .square(r): return r.rowCount
        case let .measured(r): return r.count
        }
    }

    /// `Σ row heights + (rows − 1) × rowSpacing`.
    public var contentHeight: Double {
        switch rows {
        case let .square(r): return r.contentHeight
        case let .measured(r): return r.contentHeight
        }
    }

    /// The grid's reported width: `max(W, extent of the tracks)`.
    public var reportedWidth: Double { GridColumns.reportedWidth(proposed: grid.resolvedWidth(width), tracks: tracks) }

    /// The slot of cell `index`: its track's x and width, its row's y and height.
    public func slot(_ index: Int) -> Rect {
        let track = tracks[index % tracks.count], r = index / tracks.count
        switch rows {
        case let .square(rows):
            return Rect(x: track.x, y: rows.origin(ofRow: r), width: track.width, height: rows.height(ofRow: r))
        case let .measured(rows):
            return Rect(x: track.x, y: rows.origins[r], width: track.width, height: rows.heights[r])
        }
    }

    /// Geometry of cell `index` (0 ≤ index < count), in content coordinates.
    public func cell(_ index: Int) -> CellGeometry {
        cell(index, imageSize: imageSizes[index])
    }

    /// Geometry of cell `index` showing an image of `imageSize` (for layouts made without sizes; for
    /// other styles the rows were measured with `imageSizes[index]`, which should be the same size).
    public func cell(_ index: Int, imageSize pixels: Size) -> CellGeometry {
        let slot = slot(index)
        let alignment = tracks[index % tracks.count].alignment
        if case .square = rows { return Self.squareCell(index, slot: slot, alignment: alignment, imageSize: pixels) }
        let placed = LayoutEngine.placeInSlot(style.view(imageSize: pixels), slot: slot, alignment: alignment)
        let image = placed.firstImage()
        let imageFrame = image?.image.frame ?? placed.frame
        return CellGeometry(index: index, frame: placed.frame, imageFrame: imageFrame, clip: image?.clip,
                            crop: CellGeometry.visibleCrop(imageFrame: imageFrame, clip: image?.clip, pixelSize: pixels))
    }

    /// Closed form of `PhotoCellStyle.square` in `slot`, with the same arithmetic the engine uses.
    static func squareCell(_ index: Int, slot: Rect, alignment: Alignment, imageSize pixels: Size) -> CellGeometry {
        let frame = Self.squareFrame(slot: slot, alignment: alignment)
        let cellSize = frame.size
        let fill = Size(AspectRatioLayout.childProposal(ProposedSize(cellSize), ratioSize: pixels, contentMode: .fill))
        let imageFrame = Rect(origin: frame.origin + Alignment.center.childOrigin(container: cellSize, child: fill), size: fill)
        // A zero-sized cell (a track squeezed to 0) shows nothing, as the engine's visible crop says.
        let crop = cellSize.width > 0 && cellSize.height > 0 ? CellGeometry.centreSquareCrop(pixelSize: pixels) : .zero
        return CellGeometry(index: index, frame: frame, imageFrame: imageFrame, clip: frame, crop: crop)
    }

    /// The frame of a square cell in its slot: `aspectRatio(1, .fit)` proposed the slot, then aligned.
    static func squareFrame(slot: Rect, alignment: Alignment) -> Rect {
        let cellSize = Size(AspectRatioLayout.childProposal(ProposedSize(slot.size), ratioSize: Size(width: 1, height: 1), contentMode: .fit))
        return Rect(origin: slot.origin + alignment.childOrigin(container: slot.size, child: cellSize), size: cellSize)
    }

    /// The frame of cell `index` (square cells need no image size for it).
    public func frame(_ index: Int) -> Rect {
        if case .square = rows { return Self.squareFrame(slot: slot(index), alignment: tracks[index % tracks.count].alignment) }
        return cell(index).frame
    }

    /// Indices of the cells whose frames intersect `[offset, offset + height)` (content y), in order.
    public func visibleCells(offset: Double, height: Double) -> [Int] {
        let rowRange: Range<Int>
        switch rows {
        case let .square(r): rowRange = r.rows(intersecting: offset, height: height)
        case let .measured(r): rowRange = r.rows(intersecting: offset, height: height)
        }
        let n = tracks.count, bottom = offset + height
        var result: [Int] = []
        for r in rowRange {
            for i in (r * n)..<min(count, (r + 1) * n) {
                let f = frame(i)
                if f.minY < bottom && f.maxY > offset { result.append(i) }
            }
        }
        return result
    }
}

extension Size {
    /// A proposal's components, with `nil` read as 0 (for proposals known to be fully specified).
    init(_ proposal: ProposedSize) {
        self.init(width: proposal.width ?? 0, height: proposal.height ?? 0)
    }
}
