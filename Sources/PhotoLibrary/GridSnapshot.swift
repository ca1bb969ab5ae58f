import struct Foundation.Data
import PhotoGridSupport

/// The whole grid in memory, as one read transaction saw it: what a long-running process lays a
/// window out from without a query per request (a visible-range layout then costs the visible cells,
/// not a database round trip). About 70 bytes a photo: ids and sizes in arrays, path and content-key
/// bytes in one buffer. `version` is the library's `grid_version` (Migrations/0007) at that moment:
/// read it again (`SQLiteStore.gridVersion()`) to know whether the snapshot is still the grid.
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
    /// The rows that are not photos (videos, Live Photos), by grid position: kind, duration, poster time.
    private let nonPhotos: [Int: NonPhoto]

    /// What a grid position that is not a photo holds.
    public struct NonPhoto: Sendable, Hashable {
        public var media: MediaKind
        public var duration: Double?
        /// A video's poster frame time in seconds (nil for a Live Photo, whose picture is its photo).
        public var posterTime: Double?
    }

    /// Number of photos in the grid.
    public var count: Int { ids.count }

    init(version: Int, ids: [Int64], widths: [Int32], heights: [Int32], starts: [UInt32], keyStarts: [UInt32], text: [UInt8],
         invalidPaths: Set<Int>, nonPhotos: [Int: NonPhoto]) {
        self.invalidPaths = invalidPaths
        self.nonPhotos = nonPhotos
        self.version = version
        self.ids = ids
        self.widths = widths
        self.heights = heights
        self.starts = starts
        self.keyStarts = keyStarts
        self.text = text
    }

    /// A snapshot of `entries`, in that order, at `version` (for a grid that is not read from a
    /// library: tests, tools).
    public convenience init(version: Int, entries: [GridEntry]) {
        var builder = Builder(expected: entries.count)
        for entry in entries {
            entry.pathBytes.withUnsafeBytes {
                builder.append(id: entry.id, width: entry.pixelWidth, height: entry.pixelHeight, path: $0, contentKey: entry.contentKey,
                               media: entry.media, duration: entry.duration, posterTime: entry.posterTime)
            }
        }
        self.init(version: version, builder)
    }

    package convenience init(version: Int, _ builder: consuming Builder) {
        builder.starts.append(UInt32(builder.text.count))
        self.init(version: version, ids: builder.ids, widths: builder.widths, heights: builder.heights, starts: builder.starts,
                  keyStarts: builder.keyStarts, text: builder.text, invalidPaths: builder.invalidPaths, nonPhotos: builder.nonPhotos)
    }

    /// The arrays of a snapshot, filled one photo at a time in grid order.
    package struct Builder: ~Copyable {
        var ids: [Int64] = [], widths: [Int32] = [], heights: [Int32] = []
        var starts: [UInt32] = [], keyStarts: [UInt32] = [], text: [UInt8] = []
        var invalidPaths = Set<Int>()
        var nonPhotos: [Int: NonPhoto] = [:]

        package init(expected: Int) {
            ids.reserveCapacity(expected); widths.reserveCapacity(expected); heights.reserveCapacity(expected)
            starts.reserveCapacity(expected + 1); keyStarts.reserveCapacity(expected)
            text.reserveCapacity(expected * 48)
        }

        package mutating func append(id: Int64, width: Int, height: Int, path: UnsafeRawBufferPointer, contentKey: String?,
                             media: MediaKind = .photo, duration: Double? = nil, posterTime: Double? = nil) {
            if media != .photo { nonPhotos[ids.count] = NonPhoto(media: media, duration: duration, posterTime: posterTime) }
            ids.append(id)
            widths.append(Int32(clamping: width))
            heights.append(Int32(clamping: height))
            starts.append(UInt32(text.count))
            if !path.allSatisfy({ $0 < 0x80 }) && String(validating: path, as: UTF8.self) == nil {
                invalidPaths.insert(ids.count - 1)
            }
            text.append(contentsOf: path)
            keyStarts.append(UInt32(text.count))
            if let contentKey { text.append(contentsOf: contentKey.utf8) }
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
        /// Not a photo: its kind and duration (nil for a photo).
        public var nonPhoto: NonPhoto?
    }

    /// The photo at grid position `index` (`0 ..< count`), as values.
    public func photo(at index: Int) -> Photo {
        withUnsafePhotos { photos in
            let photo = photos[index]
            return Photo(id: photo.id, path: String(decoding: photo.path, as: UTF8.self),
                         invalidPathBytes: photo.pathIsUTF8 ? nil : Array(photo.path),
                         pixelWidth: photo.pixelWidth, pixelHeight: photo.pixelHeight,
                         contentKey: photo.contentKey.map { String(decoding: $0, as: UTF8.self) }, nonPhoto: photo.nonPhoto)
        }
    }

    /// `body` with the grid's photos read in place: what a server's layout route writes each visible
    /// cell from, with no String or array made per photo. The buffers are valid only within `body`.
    public func withUnsafePhotos<Result>(_ body: (UnsafePhotos) throws -> Result) rethrows -> Result {
        try ids.withUnsafeBufferPointer { ids in
            try widths.withUnsafeBufferPointer { widths in
                try heights.withUnsafeBufferPointer { heights in
                    try starts.withUnsafeBufferPointer { starts in
                        try keyStarts.withUnsafeBufferPointer { keyStarts in
                            try text.withUnsafeBufferPointer { text in
                                try body(UnsafePhotos(ids: ids, widths: widths, heights: heights, starts: starts, keyStarts: keyStarts,
                                                      text: text, invalidPaths: invalidPaths, nonPhotos: nonPhotos))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The grid's photos in place, by grid position (`withUnsafePhotos`).
    public struct UnsafePhotos {
        @usableFromInline let ids: UnsafeBufferPointer<Int64>
        @usableFromInline let widths: UnsafeBufferPointer<Int32>
        @usableFromInline let heights: UnsafeBufferPointer<Int32>
        @usableFromInline let starts: UnsafeBufferPointer<UInt32>
        @usableFromInline let keyStarts: UnsafeBufferPointer<UInt32>
        @usableFromInline let text: UnsafeBufferPointer<UInt8>
        /// Grid positions of the paths that are not UTF-8; nil when there are none (almost always).
        @usableFromInline let invalidPaths: Set<Int>?
        /// The positions that are not photos; nil when there are none.
        @usableFromInline let nonPhotos: [Int: NonPhoto]?

        fileprivate init(ids: UnsafeBufferPointer<Int64>, widths: UnsafeBufferPointer<Int32>, heights: UnsafeBufferPointer<Int32>,
                         starts: UnsafeBufferPointer<UInt32>, keyStarts: UnsafeBufferPointer<UInt32>, text: UnsafeBufferPointer<UInt8>,
                         invalidPaths: Set<Int>, nonPhotos: [Int: NonPhoto]) {
            self.ids = ids; self.widths = widths; self.heights = heights
            self.starts = starts; self.keyStarts = keyStarts; self.text = text
            self.invalidPaths = invalidPaths.isEmpty ? nil : invalidPaths
            self.nonPhotos = nonPhotos.isEmpty ? nil : nonPhotos
        }

        public var count: Int { ids.count }

        /// The photo at grid position `index` (`0 ..< count`).
        @inlinable
        public subscript(index: Int) -> UnsafePhoto {
            let pathStart = Int(starts[index]), keyStart = Int(keyStarts[index]), keyEnd = Int(starts[index + 1])
            return UnsafePhoto(id: ids[index], pixelWidth: Int(widths[index]), pixelHeight: Int(heights[index]),
                               path: UnsafeBufferPointer(rebasing: text[pathStart..<keyStart]),
                               pathIsUTF8: invalidPaths.map { !$0.contains(index) } ?? true,
                               contentKey: keyEnd > keyStart ? UnsafeBufferPointer(rebasing: text[keyStart..<keyEnd]) : nil,
                               nonPhoto: nonPhotos?[index])
        }
    }

    /// One photo read in place: its path's and content key's bytes point into the snapshot.
    public struct UnsafePhoto {
        @inlinable
        init(id: Int64, pixelWidth: Int, pixelHeight: Int, path: UnsafeBufferPointer<UInt8>, pathIsUTF8: Bool,
             contentKey: UnsafeBufferPointer<UInt8>?, nonPhoto: NonPhoto?) {
            self.id = id; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
            self.path = path; self.pathIsUTF8 = pathIsUTF8; self.contentKey = contentKey; self.nonPhoto = nonPhoto
        }

        public var id: Int64
        public var pixelWidth: Int
        public var pixelHeight: Int
        /// The path's bytes as the file system spells them.
        public var path: UnsafeBufferPointer<UInt8>
        /// Whether `path` is valid UTF-8 (almost always).
        public var pathIsUTF8: Bool
        /// The content key's UTF-8, when the photo has one.
        public var contentKey: UnsafeBufferPointer<UInt8>?
        /// Not a photo: its kind and duration (nil for a photo).
        public var nonPhoto: NonPhoto?
    }
}
