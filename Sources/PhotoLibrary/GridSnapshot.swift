import GRDB
import struct Foundation.Data

/// The whole grid in memory, as one read transaction saw it: what a long-running process lays a
/// window out from without a query per request (a visible-range layout then costs the visible cells,
/// not a database round trip). About 70 bytes a photo: ids and sizes in arrays, path and content-key
/// bytes in one buffer. `version` is the library's `grid_version` (Migrations/0007) at that moment:
/// read it again (`PhotoStore.gridVersion()`) to know whether the snapshot is still the grid.
public final class GridSnapshot: Sendable {
    public let version: Int
    private let ids: [Int64]
    private let widths: [Int32]
    private let heights: [Int32]
    /// Per photo: where its path bytes start in `text`; its content key follows them up to the next
    /// photo's start; `keyStarts[i] == starts[i + 1]` when it has none.
    private let starts: [UInt32]
    private let keyStarts: [UInt32]
    private let text: [UInt8]
    /// Grid positions of the photos whose path bytes are not valid UTF-8 (almost always none).
    private let invalidPaths: Set<Int>

    /// Number of photos in the grid.
    public var count: Int { ids.count }

    init(version: Int, ids: [Int64], widths: [Int32], heights: [Int32], starts: [UInt32], keyStarts: [UInt32], text: [UInt8],
         invalidPaths: Set<Int>) {
        self.invalidPaths = invalidPaths
        self.version = version
        self.ids = ids
        self.widths = widths
        self.heights = heights
        self.starts = starts
        self.keyStarts = keyStarts
        self.text = text
    }

    /// The photos at grid positions `range` (clamped to the grid), in grid order.
    public func entries(_ range: Range<Int>) -> [GridEntry] {
        range.clamped(to: 0..<count).map { i in
            let photo = photo(at: i)
            return GridEntry(id: photo.id, path: photo.path, pathBytes: photo.invalidPathBytes,
                             pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight, contentKey: photo.contentKey)
        }
    }

    /// One photo of the grid, as a layout reads it: no copy of bytes that `path` already holds.
    public struct Photo: Sendable {
        public var id: Int64
        /// Display text: invalid UTF-8 as U+FFFD.
        public var path: String
        /// The path's bytes when they are not valid UTF-8; nil when `path`'s UTF-8 is them.
        public var invalidPathBytes: [UInt8]?
        public var pixelWidth: Int
        public var pixelHeight: Int
        public var contentKey: String?
    }

    /// The photo at grid position `index` (`0 ..< count`): what a server's layout route reads for each
    /// visible cell.
    public func photo(at index: Int) -> Photo {
        text.withUnsafeBufferPointer { text in
            let pathBytes = UnsafeBufferPointer(rebasing: text[Int(starts[index])..<Int(keyStarts[index])])
            let keyEnd = Int(starts[index + 1])
            let key = keyEnd > Int(keyStarts[index])
                ? String(decoding: UnsafeBufferPointer(rebasing: text[Int(keyStarts[index])..<keyEnd]), as: UTF8.self) : nil
            let invalid = !invalidPaths.isEmpty && invalidPaths.contains(index)
            return Photo(id: ids[index], path: String(decoding: pathBytes, as: UTF8.self),
                         invalidPathBytes: invalid ? Array(pathBytes) : nil,
                         pixelWidth: Int(widths[index]), pixelHeight: Int(heights[index]), contentKey: key)
        }
    }
}

extension PhotoStore {
    /// The library's grid version (Migrations/0007): it changes whenever the grid may have.
    public func gridVersion() throws(LibraryError) -> Int {
        try read("reading the grid version") { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM grid_version WHERE id = 1")) ?? 0
        }
    }

    /// The whole grid, in grid order, and its version, from one snapshot.
    public func gridSnapshot() throws(LibraryError) -> GridSnapshot {
        try read("reading the grid into memory") { db in
            let version = try Int.fetchOne(db, sql: "SELECT version FROM grid_version WHERE id = 1") ?? 0
            let expected = try Int.fetchOne(db, sql: "SELECT photos FROM grid_size WHERE id = 1") ?? 0
            var ids: [Int64] = [], widths: [Int32] = [], heights: [Int32] = []
            var starts: [UInt32] = [], keyStarts: [UInt32] = [], text: [UInt8] = []
            var invalidPaths = Set<Int>()
            ids.reserveCapacity(expected); widths.reserveCapacity(expected); heights.reserveCapacity(expected)
            starts.reserveCapacity(expected + 1); keyStarts.reserveCapacity(expected)
            text.reserveCapacity(expected * 48)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT grid.id, grid.display_width, grid.display_height, grid.path_bytes, photos.content_key
                FROM (SELECT rowid AS id, display_width, display_height, sort_key, path_bytes FROM photos
                      INDEXED BY photos_grid WHERE \(Self.gridFilter) ORDER BY sort_key, path_bytes) AS grid
                JOIN photos ON photos.id = grid.id ORDER BY grid.sort_key, grid.path_bytes
                """)
            while let row = try rows.next() {
                ids.append(row[0])
                widths.append(Int32(clamping: row[1] as Int))
                heights.append(Int32(clamping: row[2] as Int))
                starts.append(UInt32(text.count))
                let path: Data = row[3]
                path.withUnsafeBytes { bytes in
                    if !bytes.allSatisfy({ $0 < 0x80 }) && String(validating: bytes, as: UTF8.self) == nil {
                        invalidPaths.insert(ids.count - 1)
                    }
                    text.append(contentsOf: bytes)
                }
                keyStarts.append(UInt32(text.count))
                if let key: String = row[4] { text.append(contentsOf: key.utf8) }
            }
            starts.append(UInt32(text.count))
            return GridSnapshot(version: version, ids: ids, widths: widths, heights: heights,
                                starts: starts, keyStarts: keyStarts, text: text, invalidPaths: invalidPaths)
        }
    }
}
