public import Imaging
public import ImageFormats

/// The photo a thumbnail is made from: where its file is and what its header says.
public struct ThumbnailSource: Sendable, Hashable {
    /// The file's path as raw bytes (a POSIX file name need not be UTF-8), absolute or relative to
    /// the working directory.
    public var pathBytes: [UInt8]
    /// The path for messages.
    public var displayPath: String
    /// The pixel size in the JPEG frame header (before EXIF orientation).
    public var storedSize: PixelSize
    /// The EXIF orientation.
    public var orientation: Orientation
    /// The file's format (as indexed): JPEG is decoded shrunk and by region, the others whole.
    public var format: ImageFormat
    /// The file's size and modification time when it was indexed; if set, a file that no longer
    /// has them is refused (`ThumbnailError.sourceChanged`) instead of being thumbnailed with a
    /// plan made for other pixels.
    public var expectedVersion: FileVersion?
    /// The content key's digest as indexed, when known: a file whose bytes no longer give it is not the
    /// indexed file (same size and mtime, other bytes), and nothing is made from it.
    public var expectedDigest: UInt64?
    /// The indexed folder (absolute, ending in `/`) the file must lie inside (`SourceFile`), if known.
    public var folder: [UInt8]?

    public init(pathBytes: [UInt8], displayPath: String? = nil, storedSize: PixelSize,
                orientation: Orientation, format: ImageFormat = .jpeg, expectedVersion: FileVersion? = nil) {
        self.pathBytes = pathBytes
        self.format = format
        self.displayPath = displayPath ?? String(decoding: pathBytes, as: UTF8.self)
        self.storedSize = storedSize
        self.orientation = orientation
        self.expectedVersion = expectedVersion
    }

    /// A source described with plain numbers (for callers that do not use `Imaging`): the stored
    /// size and the EXIF orientation value (1–8; anything else is treated as 1).
    public init(pathBytes: [UInt8], displayPath: String? = nil, storedWidth: Int, storedHeight: Int,
                exifOrientation: Int, format: ImageFormat = .jpeg, expectedVersion: FileVersion? = nil) {
        self.init(pathBytes: pathBytes, displayPath: displayPath,
                  storedSize: PixelSize(width: storedWidth, height: storedHeight),
                  orientation: Orientation(exifValue: exifOrientation), format: format, expectedVersion: expectedVersion)
    }

    /// A source at a path given as text.
    public init(path: String, storedSize: PixelSize, orientation: Orientation, expectedVersion: FileVersion? = nil) {
        self.init(pathBytes: Array(path.utf8), displayPath: path, storedSize: storedSize,
                  orientation: orientation, expectedVersion: expectedVersion)
    }
}

/// A file's size and modification time: what `fstat` says about one version of it.
public struct FileVersion: Sendable, Hashable {
    /// Size in bytes.
    public var size: Int64
    /// Modification time, nanoseconds since the Unix epoch.
    public var modificationTimeNanoseconds: Int64

    public init(size: Int64, modificationTimeNanoseconds: Int64) {
        self.size = size
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
    }
}
