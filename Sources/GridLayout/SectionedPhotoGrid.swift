/// The photo grid in sections with pinned headers, square cells:
/// `LazyVGrid(columns:spacing:pinnedViews: [.sectionHeaders]) { ForEach(sections) { Section { cells }
/// header: { Text(title).frame(maxWidth: .infinity, minHeight: h, maxHeight: h, alignment: .leading) } } }`
/// (docs/layout-spec.md §10.1).
///
/// Geometry (docs/layout-spec.md §10.2, the project's decisions): each section starts a new row and its k-th photo goes
/// to column `k mod n`, row `k div n` of the section (columns of §5); a header is one full-width row of height `h`; the
/// row spacing separates every two consecutive rows of the stack header, rows…, header, rows….
///
/// Closed form (§10.5): header origins are prefix sums built once; a cell, a header, the visible cells and headers and the
/// pinned header are found by binary search over them plus one section's `SquareCellRows`, in O(log sections + visible).
/// `evaluatedByEngine` measures every header and cell by `LayoutEngine` instead (the tests hold the two equal).
public struct SectionedPhotoGrid: Sendable {
    public let width: Double
    public let grid: LazyVGridLayout
    public let headerHeight: Double
    public let tracks: [GridTrack]
    /// Photos per section (each ≥ 1; empty sections do not exist).
    public let sectionCounts: [Int]
    /// Grid position of each section's first photo, and the total count at the end.
    let firstIndex: [Int]
    /// Content y of each section's header.
    let headerY: [Double]
    /// Content y of each section's first photo row.
    let rowsY: [Double]
    /// Each section's rows, from its first photo row.
    let rows: [Rows]
    /// Σ (h + s_r + rows_j) + (sections − 1)·s_r (docs/layout-spec.md §10.2), rows_j the height of section j's photo rows.
    public let contentHeight: Double

    enum Rows: Sendable {
        case square(SquareCellRows)
        case measured(GridRows)

        var contentHeight: Double {
            switch self {
            case let .square(r): return r.contentHeight
            case let .measured(r): return r.contentHeight
            }
        }
    }

    /// Lays out sections of `sectionCounts` photos (counts below 1 are dropped: a section has photos).
    public init(width: Double, grid: LazyVGridLayout = .photoGrid, sectionCounts: [Int], headerHeight: Double = 44,
                evaluatedByEngine: Bool = false) {
        self.width = width
        self.grid = grid
        self.headerHeight = headerHeight
        let tracks = grid.tracks(proposedWidth: width)
        self.tracks = tracks
        let counts = tracks.isEmpty ? [] : sectionCounts.filter { $0 > 0 }
        self.sectionCounts = counts
        let spacing = grid.rowSpacing
        let reported = GridColumns.reportedWidth(proposed: grid.resolvedWidth(width), tracks: tracks)
        let header = evaluatedByEngine
            ? LayoutEngine.sizeThatFits(Self.headerView(height: headerHeight), ProposedSize(width: reported, height: nil)).height
            : headerHeight
        var firstIndex = [0], headerY: [Double] = [], rowsY: [Double] = [], rows: [Rows] = []
        firstIndex.reserveCapacity(counts.count + 1)
        headerY.reserveCapacity(counts.count); rowsY.reserveCapacity(counts.count); rows.reserveCapacity(counts.count)
        var y = 0.0
        for (j, count) in counts.enumerated() {
            if j > 0 { y += spacing }
            headerY.append(y)
            y += header + spacing
            rowsY.append(y)
            let sectionRows: Rows
            if evaluatedByEngine {
                let cell = PhotoCellStyle.square.view(imageSize: Size(width: 1, height: 1))
                sectionRows = .measured(grid.rows(count: count, columnCount: tracks.count) { i in
                    LayoutEngine.cellHeight(cell, trackWidth: tracks[i % tracks.count].width)
                })
            } else {
                sectionRows = .square(SquareCellRows(count: count, tracks: tracks, rowSpacing: spacing))
            }
            rows.append(sectionRows)
            y += sectionRows.contentHeight
            firstIndex.append(firstIndex[j] + count)
        }
        self.firstIndex = firstIndex
        self.headerY = headerY
        self.rowsY = rowsY
        self.rows = rows
        contentHeight = y
    }

    /// The header as a view: `Text(title).frame(maxWidth: .infinity, minHeight: h, maxHeight: h)` (the
    /// text is a shape here: only its frame matters to the layout).
    static func headerView(height: Double) -> LayoutView {
        LayoutView.shape.frame(maxWidth: .infinity, minHeight: height, maxHeight: height, alignment: .leading)
    }

    /// Number of photos.
    public var count: Int { firstIndex[firstIndex.count - 1] }

    /// Number of sections.
    public var sectionCount: Int { sectionCounts.count }

    /// The grid's reported width: `max(W, extent of the tracks)`; the headers' width.
    public var reportedWidth: Double { GridColumns.reportedWidth(proposed: grid.resolvedWidth(width), tracks: tracks) }

    /// Number of photo rows in all sections.
    public var rowCount: Int {
        rows.reduce(0) { total, r in
            switch r {
            case let .square(s): return total + s.rowCount
            case let .measured(m): return total + m.count
            }
        }
    }

    /// Grid position of section `j`'s first photo.
    public func firstIndex(ofSection j: Int) -> Int { firstIndex[j] }

    /// The section holding grid position `index` (0 ≤ index < count): binary search.
    public func section(containing index: Int) -> Int {
        max(0, MonotoneSearch.first(in: 1..<max(1, sectionCounts.count)) { firstIndex[$0] > index } - 1)
    }

    /// Section `j`'s header frame, content coordinates: x 0, the reported width, height `h`.
    public func headerFrame(_ j: Int) -> Rect {
        Rect(x: 0, y: headerY[j], width: reportedWidth, height: headerHeight)
    }

    /// The bottom of section `j`'s last photo row (`sectionMaxY` of §10.2).
    public func photosMaxY(ofSection j: Int) -> Double { rowsY[j] + rows[j].contentHeight }

    /// The slot of grid position `index`: its track, its row in its section.
    func slot(_ index: Int) -> (slot: Rect, alignment: Alignment, section: Int) {
        let j = section(containing: index)
        let k = index - firstIndex[j]
        let track = tracks[k % tracks.count], r = k / tracks.count
        let y: Double, height: Double
        switch rows[j] {
        case let .square(rows): y = rows.origin(ofRow: r); height = rows.height(ofRow: r)
        case let .measured(rows): y = rows.origins[r]; height = rows.heights[r]
        }
        return (Rect(x: track.x, y: rowsY[j] + y, width: track.width, height: height), track.alignment, j)
    }

    /// Geometry of the square cell at grid position `index` showing an image of `imageSize`.
    public func cell(_ index: Int, imageSize: Size) -> CellGeometry {
        let (slot, alignment, section) = slot(index)
        if case .measured = rows[section] {
            let view = PhotoCellStyle.square.view(imageSize: imageSize)
            let placed = LayoutEngine.placeInSlot(view, slot: slot, alignment: alignment)
            let image = placed.firstImage()
            let imageFrame = image?.image.frame ?? placed.frame
            return CellGeometry(index: index, frame: placed.frame, imageFrame: imageFrame, clip: image?.clip,
                                crop: CellGeometry.visibleCrop(imageFrame: imageFrame, clip: image?.clip, pixelSize: imageSize))
        }
        return PhotoGridLayout.squareCell(index, slot: slot, alignment: alignment, imageSize: imageSize)
    }

    /// The frame of the cell at grid position `index`.
    public func frame(_ index: Int) -> Rect {
        cell(index, imageSize: Size(width: 1, height: 1)).frame
    }

    /// The first section whose block (header to last photo row) ends below `y`, or `sectionCount`.
    func firstSection(endingBelow y: Double) -> Int {
        MonotoneSearch.first(in: 0..<sectionCounts.count) { photosMaxY(ofSection: $0) > y }
    }

    /// The sections whose headers intersect `[offset, offset + height)` (natural positions).
    public func visibleHeaders(offset: Double, height: Double) -> [Int] {
        guard height > 0 else { return [] }
        var result: [Int] = []
        var j = firstSection(endingBelow: offset)
        while j < sectionCounts.count, headerY[j] < offset + height {
            if headerY[j] + headerHeight > offset { result.append(j) }
            j += 1
        }
        return result
    }

    /// Grid positions of the cells whose frames intersect `[offset, offset + height)`, in order.
    public func visibleCells(offset: Double, height: Double) -> [Int] {
        guard height > 0, offset.isFinite, height.isFinite else { return [] }
        let bottom = offset + height
        var result: [Int] = []
        var j = firstSection(endingBelow: offset)
        let n = tracks.count
        while j < sectionCounts.count, rowsY[j] < bottom {
            let range: Range<Int>
            switch rows[j] {
            case let .square(r): range = r.rows(intersecting: offset - rowsY[j], height: height)
            case let .measured(r): range = r.rows(intersecting: offset - rowsY[j], height: height)
            }
            for r in range {
                for k in (r * n)..<min(sectionCounts[j], (r + 1) * n) {
                    let f = frame(firstIndex[j] + k)
                    if f.minY < bottom && f.maxY > offset { result.append(firstIndex[j] + k) }
                }
            }
            j += 1
        }
        return result
    }

    /// The pinned header at scroll offset `offset` (docs/layout-spec.md §10.2): the last section whose
    /// header y ≤ offset, drawn at content y = min(max(headerY, offset), photosMaxY − h) — stuck to the
    /// top, pushed up and out by the end of its own section; nil above the first header.
    public func pinnedHeader(offset: Double) -> (section: Int, frame: Rect)? {
        guard !sectionCounts.isEmpty, offset.isFinite, offset >= headerY[0] else { return nil }
        let lo = MonotoneSearch.first(in: 1..<sectionCounts.count) { headerY[$0] > offset } - 1
        let y = min(max(headerY[lo], offset), photosMaxY(ofSection: lo) - headerHeight)
        return (lo, Rect(x: 0, y: y, width: reportedWidth, height: headerHeight))
    }
}
