import PhotoGridSupport
import Platform

/// A photo file opened read-only (the package's `ReadOnlyFile`), with its size and modification time as
/// they were when opened; it must be a regular file. Closed when the value goes away. One owner.
public struct SourceFile: ~Copyable {
    let file: ReadOnlyFile
    /// What `fstat` said when it was opened.
    public let version: FileVersion

    /// The descriptor, owned by this value.
    public var descriptor: Int32 { file.descriptor }

    /// Opens the file at `path` (raw bytes) read-only and reads its size and modification time. The one
    /// rule for opening an indexed photo's bytes (thumbnails, placeholders, posters, pictures): a link in
    /// its place is refused (`O_NOFOLLOW`: the walk indexes no links), and with `folder` (the indexed
    /// folder, ending in `/`) a file that resolves outside it is too — both `.sourceChanged`, nothing
    /// made from them.
    ///
    /// `O_NONBLOCK`: a FIFO put in the photo's place must not block the open.
    public init(pathBytes path: [UInt8], displayPath: String, inside folder: [UInt8]? = nil) throws(ThumbnailError) {
        let file = try Self.open(path, displayPath)
        let status = try Self.status(of: file, displayPath)
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: displayPath) }
        if let folder, !ReadOnlyFile.isInside(folder, descriptor: file.descriptor) { throw .sourceChanged(path: displayPath) }
        self.version = FileVersion(size: Int64(status.st_size), modificationTimeNanoseconds: status.modificationTimeNanoseconds)
        self.file = file
    }

    private static func open(_ path: [UInt8], _ displayPath: String) throws(ThumbnailError) -> ReadOnlyFile {
        do { return try ReadOnlyFile(pathBytes: path, path: displayPath, nonBlocking: true, noFollow: true) } catch {
            if error.errno == ELOOP { throw .sourceChanged(path: displayPath) }
            throw .system(call: error.call, path: displayPath, errno: error.errno)
        }
    }

    private static func status(of file: borrowing ReadOnlyFile, _ displayPath: String) throws(ThumbnailError) -> stat {
        do { return try file.status() } catch { throw .system(call: error.call, path: displayPath, errno: error.errno) }
    }
}
