/// The folder a database indexes: every `Photo.pathBytes` is relative to it.
public struct LibraryRoot: Sendable, Equatable {
    /// The absolute path (symlinks resolved), exactly as the file system spells it.
    public var pathBytes: [UInt8]
    /// The same path for display.
    public var path: String
    /// Start of the last index run that completed (UTC, `YYYY-MM-DDTHH:MM:SSZ`).
    public var lastIndexedAt: String

    public init(pathBytes: [UInt8], path: String, lastIndexedAt: String) {
        self.pathBytes = pathBytes
        self.path = path
        self.lastIndexedAt = lastIndexedAt
    }

    /// Whether the folder is there now (it may have been moved, renamed or unmounted).
    public var isFolder: Bool { Indexer.isFolder(pathBytes) }

    /// The absolute path of `photo`'s file as bytes (root + "/" + relative path), for open(2).
    public func absolutePathBytes(of photo: Photo) -> [UInt8] {
        pathBytes + [UInt8(ascii: "/")] + photo.pathBytes
    }
}
