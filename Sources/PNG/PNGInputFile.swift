#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A PNG opened read-only with open(2), closed when the value goes away. One owner.
struct PNGInputFile: ~Copyable {
    let descriptor: Int32
    let path: String

    /// Opens `path` read-only (close-on-exec).
    init(path: String) throws(PNGError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: path, errno: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset` with pread(2) (fewer at the end of the file). Retries EINTR.
    func read(_ count: Int, at offset: Int) throws(PNGError) -> [UInt8] {
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
