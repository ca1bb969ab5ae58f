/// Justified rows kept between processes: the rows of every section as bytes, so that a later question
/// about the same photos and options lays out only the rows it shows instead of the whole library.
///
/// Layout (little-endian): `JRW2`, the section count (u32); per section its photo count, row count and
/// boxed count (u32 each), whether it ends with widows (u32 0/1) and its container height (f64); then per
/// section its row starts (u32 each) and heights (f64 each). Tops are summed again as `JustifiedLayout`
/// summed them: from the top padding, each row's height plus the vertical spacing (lib/index.js `addRow`).
extension JustifiedPhotoGrid {
    static let keptRowsMagic: [UInt8] = Array("JRW2".utf8)

    /// The rows of every section as bytes (`init(keptRows:…)` reads them back).
    public var keptRows: [UInt8] {
        var bytes = Self.keptRowsMagic
        bytes.reserveCapacity(8 + sections.count * 24 + rowCount * 12)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(UInt32(sections.count))
        for s in sections {
            append(UInt32(s.count)); append(UInt32(s.rowCount)); append(UInt32(s.boxedCount)); append(UInt32(s.endsWithWidows ? 1 : 0))
            append(s.containerHeight.bitPattern)
        }
        for s in sections {
            for start in s.starts { append(UInt32(bitPattern: start)) }
            for height in s.heights { append(height.bitPattern) }
        }
        return bytes
    }

    /// The grid of rows `keptRows` wrote for `configuration`, under headers `headerHeight` tall (nil: no
    /// sections), holding no ratios yet (`reading(ratios:from:)` adds a window's); nil when `bytes` are not
    /// such rows or their sections hold other counts than `sectionCounts`.
    public init?(keptRows bytes: UnsafeRawBufferPointer, configuration: JustifiedConfiguration, headerHeight: Double?, sectionCounts: [Int]) {
        var reader = KeptRowsReader(bytes: bytes)
        guard reader.magic(Self.keptRowsMagic), let n = reader.u32(), n == sectionCounts.count else { return nil }
        var heads: [(count: Int, rows: Int, boxed: Int, widows: Bool, height: Double)] = []
        for j in 0..<n {
            guard let count = reader.u32(), let rows = reader.u32(), let boxed = reader.u32(), let widows = reader.u32(),
                  let height = reader.f64(), count == sectionCounts[j], rows <= count, boxed <= count, widows <= 1,
                  height.isFinite else { return nil }
            heads.append((count, rows, boxed, widows == 1, height))
        }
        var sections: [JustifiedSectionRows] = []
        for head in heads {
            guard let starts = reader.values(head.rows, as: Int32.self), let heights = reader.values(head.rows, as: Double.self),
                  Self.rowsAreWhole(starts, heights, boxedCount: head.boxed) else { return nil }
            var tops: [Double] = [], top = configuration.containerPadding.top
            tops.reserveCapacity(heights.count)
            for height in heights {
                tops.append(top)
                top += height + configuration.boxSpacing.vertical
            }
            sections.append(JustifiedSectionRows(count: head.count, starts: starts, tops: tops, heights: heights,
                                                 boxedCount: head.boxed, endsWithWidows: head.widows, containerHeight: head.height))
        }
        guard reader.atEnd else { return nil }
        self.init(configuration: configuration, headerHeight: headerHeight, sections: sections, aspectRatios: [], ratioBase: 0,
                  laidOutSectionCount: 0)
    }

    /// Whether rows read back can be searched and laid out: starts from 0, rising, below the boxed count
    /// (none without boxes); heights finite.
    static func rowsAreWhole(_ starts: [Int32], _ heights: [Double], boxedCount: Int) -> Bool {
        guard let first = starts.first else { return boxedCount == 0 }
        guard first == 0, Int(starts[starts.count - 1]) < boxedCount else { return false }
        for r in 1..<starts.count where starts[r] <= starts[r - 1] { return false }
        return heights.allSatisfy(\.isFinite)
    }

    /// The grid positions whose ratios `visibleBoxes(offset:height:)` lays out again (empty when no row
    /// meets the viewport).
    public func photosRead(offset: Double, height: Double) -> Range<Int> {
        let meeting = rowsMeeting(offset: offset, height: height)
        guard let first = meeting.first, let last = meeting.last else { return 0..<0 }
        return first.photos.lowerBound..<last.photos.upperBound
    }

    /// This grid with the ratios (width / height) of grid positions `base ..< base + ratios.count`: the
    /// window `photosRead` names is enough for `visibleBoxes`.
    public func reading(ratios: [Double], from base: Int) -> JustifiedPhotoGrid {
        JustifiedPhotoGrid(configuration: configuration, headerHeight: headerHeight, sections: sections,
                           aspectRatios: ratios.map(Self.aspectRatio), ratioBase: base, laidOutSectionCount: laidOutSectionCount)
    }
}

/// Little-endian values read in turn from kept rows; nil past the end.
struct KeptRowsReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var atEnd: Bool { position == bytes.count }

    mutating func magic(_ expected: [UInt8]) -> Bool {
        guard bytes.count - position >= expected.count, bytes[position..<(position + expected.count)].elementsEqual(expected) else { return false }
        position += expected.count
        return true
    }

    mutating func u32() -> Int? { values(1, as: UInt32.self).map { Int($0[0]) } }

    mutating func f64() -> Double? { values(1, as: Double.self)?[0] }

    /// The next `n` values of type `T` (a fixed-size number), or nil when fewer are left: copied at once on
    /// a little-endian machine, byte-swapped on another.
    mutating func values<T: BitwiseCopyable>(_ n: Int, as: T.Type) -> [T]? {
        let size = MemoryLayout<T>.size
        guard n >= 0, n <= (bytes.count - position) / size else { return nil }
        let from = bytes.baseAddress.map { $0 + position }
        position += n * size
        var values = [T](unsafeUninitializedCapacity: n) { buffer, count in
            if n > 0, let from { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(start: from, count: n * size)) }
            count = n
        }
        if 1.littleEndian != 1 {
            values.withUnsafeMutableBytes { raw in
                for k in 0..<n { raw[(k * size)..<((k + 1) * size)].reverse() }
            }
        }
        return values
    }
}
