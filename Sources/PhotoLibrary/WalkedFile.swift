/// A regular file found by the walk, with what one `lstat` tells.
public struct WalkedFile: Sendable, Equatable {
    /// Path relative to the walk's root, as raw bytes ("a/b.jpg").
    package var relativePath: [UInt8]
    package var size: Int64
    /// Modification time, nanoseconds since the Unix epoch.
    package var modificationTimeNanoseconds: Int64
    /// Whether the name ends in a photo format's extension (`.jpg`, `.png`, `.webp`, `.heic`, …, any
    /// case: `ImageFormat.named`): a candidate without opening it.
    package var hasPhotoName: Bool

    package init(relativePath: [UInt8], size: Int64, modificationTimeNanoseconds: Int64, hasPhotoName: Bool) {
        (self.relativePath, self.size, self.modificationTimeNanoseconds, self.hasPhotoName) = (relativePath, size, modificationTimeNanoseconds, hasPhotoName)
    }
}
