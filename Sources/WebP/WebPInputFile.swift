#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A WebP opened read-only with open(2), closed when the value goes away. One owner.
struct WebPInputFile: ~Copyable {
    let descriptor: Int32
    let path: String

    /// Opens `path` read-only (close-on-exec).
    init(path: String) throws(WebPError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The whole file (its size from fstat(2)).
    func readAll() throws(WebPError) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(call: "fstat", path: path, errno: errno) }
        return try read(Int(status.st_size), at: 0)
    }

    /// Up to `count` bytes at `offset` with pread(2) (fewer at the end of the file). Retries EINTR.
    func read(_ count: Int, at offset: Int) throws(WebPError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if got > 0 { done += got } else if got == 0 { break } else if errno != EINTR {
                throw .system(call: "pread", path: path, errno: errno)
            }
        }
        return Array(bytes[..<done])
    }
}
