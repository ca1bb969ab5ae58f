import PhotoLibrary

/// A grid snapshot with some photos left out (the copies `LibraryDuplicates` does not keep, for
/// `hide=copies`): positions, counts and sections are those of the grid without them.
///
/// Reads every entry of the snapshot once (the positions of what is left depend on all before them).
struct GridWithoutPhotos: GridWindowReader {
    let base: any GridWindowReader
    /// The entries left, in grid order.
    let kept: [GridEntry]
    /// The grid positions (in `base`) of the entries left out, ascending.
    let leftOut: [Int]

    init(_ base: any GridWindowReader, hiding hidden: Set<Int64>) throws(LibraryError) {
        self.base = base
        var kept: [GridEntry] = [], leftOut: [Int] = []
        for (position, entry) in try base.entries(nil).enumerated() {
            if hidden.contains(entry.id) { leftOut.append(position) } else { kept.append(entry) }
        }
        self.kept = kept
        self.leftOut = leftOut
    }

    func count() throws(LibraryError) -> Int { kept.count }

    func entries(_ range: Range<Int>?) throws(LibraryError) -> [GridEntry] {
        guard let range else { return kept }
        return Array(kept[range.clamped(to: kept.indices)])
    }

    /// Not the store's grid: nothing is kept for it.
    func version() throws(LibraryError) -> Int? { nil }
    func keptLayout<T>(key: String, _ read: (UnsafeRawBufferPointer) -> T?) throws(LibraryError) -> T? { nil }

    func sections(prefixLength: Int) throws(LibraryError) -> [(title: String, count: Int)] {
        var result: [(title: String, count: Int)] = []
        var start = 0, next = 0
        for section in try base.sections(prefixLength: prefixLength) {
            let end = start + section.count
            var removed = 0
            while next < leftOut.count && leftOut[next] < end { removed += 1; next += 1 }
            if section.count > removed { result.append((section.title, section.count - removed)) }
            start = end
        }
        return result
    }
}

extension LayoutRequest {
    /// `store.readGrid` with `hiddenPhotos` left out of the grid `body` sees.
    func readGrid<T>(_ store: any GridSource, _ body: (any GridWindowReader) throws -> T) throws -> T {
        if hiddenPhotos.isEmpty { return try store.readGrid(body) }
        return try store.readGrid { grid in try body(try GridWithoutPhotos(grid, hiding: hiddenPhotos)) }
    }
}
