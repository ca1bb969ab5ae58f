import PhotoGridSupport
import JPEG
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Opens walked files and reads their JPEG headers; called from several threads at once.
///
/// Every file open of an index run happens here, and is counted: a test can prove that an
/// unchanged rescan opens nothing.
final class PhotoProber: Sendable {
    /// The absolute root the walk's relative paths hang from.
    let root: [UInt8]
    let fileProbe: FileProbe
    /// Headers declaring more pixels than this become error rows (absurd dimensions).
    let pixelLimit: Int
    /// Files opened so far.
    let opened = Atomic<Int>(0)

    init(root: [UInt8], fileProbe: FileProbe, pixelLimit: Int) {
        self.root = root
        self.fileProbe = fileProbe
        self.pixelLimit = pixelLimit
    }

    /// Probes `file`. With `checkSignature`, the file is first checked for the FF D8 FF start
    /// (3 bytes, through the same descriptor the probe then uses) and is `.notJPEG` without it.
    func probe(_ file: WalkedFile, checkSignature: Bool) -> ProbeOutcome {
        let path = root + [UInt8(ascii: "/")] + file.relativePath
        // O_NONBLOCK: if the file was replaced by a FIFO since the walk, open must not wait for a writer.
        let descriptor = path.withNULTerminated { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        if descriptor < 0 {
            let code = errno
            if code == ENOENT || code == ELOOP || code == ENOTDIR { return .vanished }
            return .failure("open: \(String(cString: strerror(code))) (errno \(code))")
        }
        opened.add(1, ordering: .relaxed)
        defer { close(descriptor) }
        // Only the first bytes are read: no readahead of the rest of the photo (the kernel would
        // otherwise read ~128 KiB more per file that nobody asks for). Advice only; errors ignored.
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_RANDOM)

        if checkSignature {
            var start: (UInt8, UInt8, UInt8) = (0, 0, 0)
            let count = withUnsafeMutableBytes(of: &start) { pread(descriptor, $0.baseAddress, 3, 0) }
            guard count == 3, start == (0xFF, 0xD8, 0xFF) else { return .notJPEG }
        }
        do {
            let probe = try fileProbe.probe(descriptor, PathBytes.displayText(file.relativePath))
            let header = probe.header
            let pixels = header.storedWidth.multipliedReportingOverflow(by: header.storedHeight)
            if pixels.overflow || pixels.partialValue > pixelLimit {
                return .failure(JPEGError.tooLarge(width: header.storedWidth, height: header.storedHeight,
                                                   limit: pixelLimit).description)
            }
            return .photo(PhotoFacts(probe: probe, fileSize: file.size))
        } catch {
            return .failure(error.description)
        }
    }
}
