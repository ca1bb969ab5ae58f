/// Photos in justified rows (`JustifiedLayout`), optionally in sections under full-width headers, as
/// Google Photos and Immich draw a timeline: each section is justified on its own, in a container as wide
/// as the grid, below its header.
///
/// Stack (the square grid's, docs/layout-spec.md §10.2): header `h` tall, the vertical box spacing `v`,
/// the section's container (`containerHeight`, padding included; never below 0), then `v` before the next
/// header. Without sections there is no header and the container is the content (content height
/// `max(0, containerHeight)`), so every frame is `JustifiedLayout`'s box exactly.
///
/// Rows are kept per section (`JustifiedSectionRows`: starts, tops, heights), built once; a window lays out
/// again only the rows it shows (binary search, then those rows' photos): O(log rows + visible). A grid
/// made `reusing` an earlier one keeps the rows of every section whose photos are unchanged.
public struct JustifiedPhotoGrid: Sendable {
    public let configuration: JustifiedConfiguration
    /// Header height; nil without sections.
    public let headerHeight: Double?
    /// Width / height of the photos from grid position `ratioBase` on, in grid order: every photo's, or
    /// (a grid of kept rows, `init(keptRows:…)`) only those a window reads.
    let aspectRatios: [Double]
    /// The grid position of `aspectRatios[0]`.
    let ratioBase: Int
    /// Photos per section (one section of every photo without sections).
    public let sectionCounts: [Int]
    /// Grid position of each section's first photo, and the count at the end.
    let firstIndex: [Int]
    let headerY: [Double]
    /// Content y of each section's container.
    let containerY: [Double]
    let sections: [JustifiedSectionRows]
    public let contentHeight: Double
    /// Rows in all sections.
    public let rowCount: Int
    /// The sections this grid laid out (the others' rows were `reusing`'s).
    public let laidOutSectionCount: Int

    /// Lays out photos of `aspectRatios` (width / height; one that is not finite and positive counts as 1),
    /// in sections of `sectionCounts` under headers `headerHeight` tall (nil: one section, no header).
    public init(aspectRatios: [Double], configuration: JustifiedConfiguration, sectionCounts: [Int]? = nil,
                headerHeight: Double = 44, reusing previous: JustifiedPhotoGrid? = nil) {
        let ratios = aspectRatios.allSatisfy { $0.isFinite && $0 > 0 } ? aspectRatios : aspectRatios.map(Self.aspectRatio)
        let header: Double? = sectionCounts == nil ? nil : headerHeight
        let counts = sectionCounts?.filter { $0 > 0 } ?? (ratios.isEmpty ? [] : [ratios.count])
        let reusable = previous.flatMap {
            $0.configuration == configuration && $0.headerHeight == header && $0.ratioBase == 0 && $0.aspectRatios.count == $0.count ? $0 : nil
        }
        var sections: [JustifiedSectionRows] = [], first = 0, laidOut = 0
        for (j, count) in counts.enumerated() {
            let range = first..<(first + count)
            if let kept = reusable?.sameSection(ratios[range], position: j, fromEnd: counts.count - j) {
                sections.append(kept)
            } else {
                sections.append(JustifiedSectionRows(aspectRatios: ratios[range], configuration: configuration))
                laidOut += 1
            }
            first = range.upperBound
        }
        self.init(configuration: configuration, headerHeight: header, sections: sections, aspectRatios: ratios, ratioBase: 0,
                  laidOutSectionCount: laidOut)
    }

    /// The grid of `sections`' rows, stacked under headers `headerHeight` tall (nil: no header), with the
    /// ratios of the photos from grid position `ratioBase` on.
    init(configuration: JustifiedConfiguration, headerHeight: Double?, sections: [JustifiedSectionRows], aspectRatios: [Double],
         ratioBase: Int, laidOutSectionCount: Int) {
        self.configuration = configuration
        self.headerHeight = headerHeight
        self.sections = sections
        self.aspectRatios = aspectRatios
        self.ratioBase = ratioBase
        self.laidOutSectionCount = laidOutSectionCount
        sectionCounts = sections.map(\.count)
        var firstIndex = [0], headerY: [Double] = [], containerY: [Double] = []
        let v = configuration.boxSpacing.vertical
        var y = 0.0, rows = 0
        for (j, section) in sections.enumerated() {
            if let headerHeight {
                if j > 0 { y += v }
                headerY.append(y)
                y += headerHeight + v
            }
            containerY.append(y)
            y += max(0, section.containerHeight)
            rows += section.rowCount
            firstIndex.append(firstIndex[j] + section.count)
        }
        self.firstIndex = firstIndex
        self.headerY = headerY
        self.containerY = containerY
        contentHeight = y
        rowCount = rows
    }

    /// A photo's ratio as the grid lays it out: width / height, or 1 when that is not finite and positive.
    public static func aspectRatio(_ ratio: Double) -> Double { ratio.isFinite && ratio > 0 ? ratio : 1 }

    /// The rows of the section at `position` (or `fromEnd` sections before the end) when it holds exactly `ratios`.
    func sameSection(_ ratios: ArraySlice<Double>, position: Int, fromEnd: Int) -> JustifiedSectionRows? {
        for j in [position, sectionCounts.count - fromEnd] where sectionCounts.indices.contains(j) {
            if sectionCounts[j] == ratios.count && aspectRatios[firstIndex[j]..<firstIndex[j + 1]].elementsEqual(ratios) {
                return sections[j]
            }
        }
        return nil
    }

    /// Number of photos (with a box or not).
    public var count: Int { firstIndex[firstIndex.count - 1] }

    /// Number of sections.
    public var sectionCount: Int { sectionCounts.count }

    /// Grid position of section `j`'s first photo.
    public func firstIndex(ofSection j: Int) -> Int { firstIndex[j] }

    /// The section holding grid position `index` (0 ≤ index < count): binary search.
    public func section(containing index: Int) -> Int {
        max(0, MonotoneSearch.first(in: 1..<max(1, sectionCounts.count)) { firstIndex[$0] > index } - 1)
    }

    /// Section `j`'s header frame (content coordinates: x 0, the grid's width, `h` tall); nil without headers.
    public func headerFrame(_ j: Int) -> Rect? {
        headerHeight.map { Rect(x: 0, y: headerY[j], width: configuration.containerWidth, height: $0) }
    }

    /// The bottom of section `j`'s container.
    func containerMaxY(_ j: Int) -> Double { containerY[j] + max(0, sections[j].containerHeight) }

    /// The boxes of `rows` of section `j`, frames in content coordinates, indices grid positions.
    func boxes(section j: Int, rows: Range<Int>) -> [JustifiedBox] {
        let dy = containerY[j], first = firstIndex[j]
        return sections[j].boxes(rows: rows, configuration: configuration, firstIndex: first, dy: dy) { range in
            let from = first + range.lowerBound - ratioBase
            precondition(from >= 0 && from + range.count <= aspectRatios.count, "a justified window's ratios were not read")
            return Array(aspectRatios[from..<(from + range.count)])
        }
    }

    /// The frame of grid position `index` (content coordinates), or nil when it has no box (after
    /// `maxNumRows` rows, or a hidden widow).
    public func frame(of index: Int) -> Rect? {
        guard index >= 0, index < count else { return nil }
        let j = section(containing: index), k = index - firstIndex[j]
        guard k < sections[j].boxedCount else { return nil }
        let r = sections[j].row(containing: k)
        return boxes(section: j, rows: r..<(r + 1)).first { $0.index == index }?.frame
    }

    /// Every box, in grid order (`--all`).
    public func allBoxes() -> [JustifiedBox] {
        sectionCounts.indices.flatMap { j in boxes(section: j, rows: 0..<sections[j].rowCount) }
    }

    /// The boxes whose frames intersect `[offset, offset + height)`, in grid order.
    public func visibleBoxes(offset: Double, height: Double) -> [JustifiedBox] {
        visibleBoxes(offset: offset, height: height, atMost: .max) ?? []
    }

    /// The boxes whose frames intersect `[offset, offset + height)`, in grid order; nil, before any is laid
    /// out, when the rows meeting it hold more than `atMost` photos (`visibleCountBound`).
    public func visibleBoxes(offset: Double, height: Double, atMost: Int) -> [JustifiedBox]? {
        let meeting = rowsMeeting(offset: offset, height: height)
        let total = meeting.reduce(0) { $0 + $1.photos.count }
        if total > atMost { return nil }
        var result: [JustifiedBox] = []
        result.reserveCapacity(total)
        for (j, rows, _) in meeting {
            for box in boxes(section: j, rows: rows) where box.frame.minY < offset + height && box.frame.maxY > offset { result.append(box) }
        }
        return result
    }

    /// How many photos the rows meeting `[offset, offset + height)` hold, without laying them out (an
    /// answer's size, known before it is written).
    public func visibleCountBound(offset: Double, height: Double) -> Int {
        rowsMeeting(offset: offset, height: height).reduce(0) { $0 + $1.photos.count }
    }

    /// Each section's rows that meet `[offset, offset + height)` and their photos' grid positions, in grid
    /// order (a section none of whose rows meets it is left out).
    func rowsMeeting(offset: Double, height: Double) -> [(section: Int, rows: Range<Int>, photos: Range<Int>)] {
        guard height > 0, offset.isFinite, height.isFinite else { return [] }
        var meeting: [(section: Int, rows: Range<Int>, photos: Range<Int>)] = []
        var j = firstSection(endingBelow: offset)
        while j < sectionCounts.count, containerY[j] < offset + height {
            let rows = sections[j].rows(intersecting: offset - containerY[j], offset + height - containerY[j])
            if !rows.isEmpty {
                let photos = sections[j].photos(ofRows: rows)
                meeting.append((j, rows, (firstIndex[j] + photos.lowerBound)..<(firstIndex[j] + photos.upperBound)))
            }
            j += 1
        }
        return meeting
    }

    /// The first section whose block (header to container bottom) ends below `y`, or `sectionCount`.
    func firstSection(endingBelow y: Double) -> Int {
        MonotoneSearch.first(in: 0..<sectionCounts.count) { containerMaxY($0) > y }
    }

    /// The sections whose headers intersect `[offset, offset + height)` (natural positions).
    public func visibleHeaders(offset: Double, height: Double) -> [Int] {
        guard let h = headerHeight, height > 0 else { return [] }
        var result: [Int] = []
        var j = firstSection(endingBelow: offset)
        while j < sectionCounts.count, headerY[j] < offset + height {
            if headerY[j] + h > offset { result.append(j) }
            j += 1
        }
        return result
    }

    /// The pinned header at `offset`, as the square grid's (`SectionedPhotoGrid.pinnedHeader`): the last
    /// section whose header y ≤ offset, at y = min(max(headerY, offset), containerMaxY − h); nil above the
    /// first header or without headers.
    public func pinnedHeader(offset: Double) -> (section: Int, frame: Rect)? {
        guard let h = headerHeight, !sectionCounts.isEmpty, offset.isFinite, offset >= headerY[0] else { return nil }
        let lo = MonotoneSearch.first(in: 1..<sectionCounts.count) { headerY[$0] > offset } - 1
        let y = min(max(headerY[lo], offset), containerMaxY(lo) - h)
        return (lo, Rect(x: 0, y: y, width: configuration.containerWidth, height: h))
    }

    /// The cell of a photo of `pixelSize` in its box `frame`: the photo fills the frame centred (`imageFrame`
    /// overhangs it on one axis; a forced ratio or a clamped row's changed widths crop the photo), and
    /// `crop` is the part the frame shows, in its pixels. Frames are given on the thousandth-of-a-point
    /// grid (`Rect.onThousandthGrid`), the crop from the exact ones.
    public static func cell(_ index: Int, frame: Rect, pixelSize: Size) -> CellGeometry {
        let fill = Size(AspectRatioLayout.childProposal(ProposedSize(frame.size), ratioSize: pixelSize, contentMode: .fill))
        let imageFrame = Rect(origin: frame.origin + Alignment.center.childOrigin(container: frame.size, child: fill), size: fill)
        let shown = frame.onThousandthGrid
        return CellGeometry(index: index, frame: shown, imageFrame: imageFrame == frame ? shown : imageFrame.onThousandthGrid, clip: shown,
                            crop: CellGeometry.visibleCrop(imageFrame: imageFrame, clip: frame, pixelSize: pixelSize))
    }
}

extension JustifiedPhotoGrid: ZoomableGrid {
    /// The frame of `index`; a photo without a box is a zero-height frame at its section's container bottom.
    public func frame(_ index: Int) -> Rect {
        frame(of: index) ?? Rect(x: 0, y: containerMaxY(section(containing: index)), width: 0, height: 0)
    }

    /// The photos of `index`'s row (its section's boxless photos for one without a box).
    public func rowMates(of index: Int) -> Range<Int> {
        let j = section(containing: index), k = index - firstIndex[j], s = sections[j]
        guard k < s.boxedCount else { return (firstIndex[j] + s.boxedCount)..<firstIndex[j + 1] }
        let items = s.items(ofRow: s.row(containing: k))
        return (firstIndex[j] + items.lowerBound)..<(firstIndex[j] + items.upperBound)
    }
}
