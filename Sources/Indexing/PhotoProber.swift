import PhotoLibrary
import PhotoGridSupport
import ImageFormats
import EXIF
import Synchronization

import Platform

/// Opens walked files and reads their headers (`FileProbe`: every format through `ImageProbe`); called
/// from several threads at once.
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

    /// Probes `file` as the format its first bytes say (`ImageFormat(signature:)`), else as the one its
    /// name says (the format's probe then says what is wrong). With `checkSignature` (a file without a
    /// photo name), a file whose first bytes are no format's signature is `.notPhoto`.
    func probe(_ file: WalkedFile, checkSignature: Bool) -> ProbeOutcome {
        let path = root + [UInt8(ascii: "/")] + file.relativePath
        let named = ImageFormat.named(file.relativePath)
        // O_NONBLOCK: if the file was replaced by a FIFO since the walk, open must not wait for a writer.
        let descriptor = path.withNULTerminated { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        if descriptor < 0 {
            let code = errno
            if code == ENOENT || code == ELOOP || code == ENOTDIR { return .vanished }
            return .failure("open: \(String(cString: strerror(code))) (errno \(code))", format: named ?? .jpeg)
        }
        opened.add(1, ordering: .relaxed)
        defer { close(descriptor) }
        // Only the first bytes are read: no readahead of the rest of the photo (the kernel would
        // otherwise read ~128 KiB more per file that nobody asks for). Advice only; errors ignored.
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_RANDOM)

        let sniffed = ImageFormat.ofFile(descriptor: descriptor)
        if checkSignature && sniffed == nil { return .notPhoto }
        let format = sniffed ?? named ?? .jpeg
        let displayPath = PathBytes.displayText(file.relativePath)
        let probed: ImageFacts
        do { probed = try fileProbe.probe(descriptor, displayPath, format) } catch { return .failure(error.description, format: format) }
        var facts = PhotoFacts(facts: probed, fileSize: file.size)
        // An Android Motion Photo: a Live item whose motion is the MP4 appended where its XMP says.
        if let motionPhoto = probed.motionPhoto, !format.isVideo {
            facts.motion = EmbeddedMovie.locate(motionPhoto, descriptor: descriptor, fileSize: Int(file.size))
        }
        let pixels = facts.storedWidth.multipliedReportingOverflow(by: facts.storedHeight)
        if pixels.overflow || pixels.partialValue > pixelLimit {
            return .failure(ImageFormatError.overPixelLimit(width: facts.storedWidth, height: facts.storedHeight,
                                                            limit: pixelLimit).description, format: format)
        }
        return .photo(facts)
    }
}
