import PhotoGridSupport
import Platform

/// A photo file opened read-only, closed when the value goes away. One owner.
struct SourceFile: ~Copyable {
    /// The descriptor, owned by this value.
    let descriptor: Int32
    /// What `fstat` said when it was opened.
    let version: FileVersion

    /// Opens the file at `path` (raw bytes) read-only and reads its size and modification time.
    ///
    /// `O_NONBLOCK`: a FIFO put in the photo's place must not block the open.
    init(pathBytes path: [UInt8], displayPath: String) throws(ThumbnailError) {
        let descriptor = path.withNULTerminated { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { throw .system(call: "open", path: displayPath, errno: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw .system(call: "fstat", path: displayPath, errno: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile(path: displayPath)
        }
        self.descriptor = descriptor
        self.version = FileVersion(
            size: Int64(status.st_size),
            modificationTimeNanoseconds: status.modificationTimeNanoseconds)
    }

    deinit { close(descriptor) }
}
