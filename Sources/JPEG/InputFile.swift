import Platform

/// A file opened read-only with open(2), closed when the value goes away. One owner.
struct InputFile: ~Copyable {
    /// The descriptor, owned by this value.
    let descriptor: Int32
    /// The path, for error messages.
    let path: String

    /// Opens `path` read-only (close-on-exec).
    init(path: String) throws(JPEGError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }
}

/// Reads from `descriptor` at `offset` into `buffer` with pread(2) until the buffer is full or
/// the file ends; returns the number of bytes read. Retries EINTR.
func preadFully(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int,
                path: String) throws(JPEGError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
        let count = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
        if count > 0 {
            done += count
        } else if count == 0 {
            break
        } else if errno != EINTR {
            throw .system(call: "pread", path: path, errno: errno)
        }
    }
    return done
}
