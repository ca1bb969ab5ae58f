import Platform
import PhotoGridSupport

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
    public var isFolder: Bool { Self.isFolder(pathBytes) }

    /// Whether `path` names a folder now (`stat`).
    package static func isFolder(_ path: [UInt8]) -> Bool {
        var status = stat()
        return path.withNULTerminated { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The absolute path of `photo`'s file as bytes (root + "/" + relative path), for open(2).
    public func absolutePathBytes(of photo: Photo) -> [UInt8] {
        pathBytes + [UInt8(ascii: "/")] + photo.pathBytes
    }
}
