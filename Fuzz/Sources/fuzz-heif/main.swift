// libFuzzer target: the HEIF probe and decoder (libheif) on arbitrary bytes (written to the scratch file
// and read through its /proc/self/fd path, since the HEIF module reads files).
// Oracle: no crash; a probed header is sane (a positive size, EXIF orientation 1...8, a date of the right
// shape); a decode (pixel limit 2^22) succeeds only where the probe does, with the probed size and
// width × height × 3 bytes.
import FuzzSupport
import HEIF

let scratchPath = "/proc/self/fd/\(ScratchFile.shared.descriptor)"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ScratchFile.shared.write(bytes)
    let probed: HEIFHeader?
    do { probed = try HEIFFileProbe.probe(path: scratchPath) } catch { probed = nil }
    if let header = probed {
        FuzzCheck.expect(header.width >= 1 && header.height >= 1, "size \(header.width)×\(header.height)")
        FuzzCheck.expect((1...8).contains(header.exifOrientation), "orientation \(header.exifOrientation)")
        if let takenAt = header.takenAt { FuzzCheck.expect(takenAt.utf8.count == 19, "takenAt \(takenAt)") }
    }
    do {
        let decoded = try HEIFDecoder.decode(path: scratchPath, pixelLimit: 1 << 22)
        guard let header = probed else { FuzzCheck.fail("decoded a file the probe refused") }
        FuzzCheck.expect(decoded.width == header.width && decoded.height == header.height,
                         "decoded \(decoded.width)×\(decoded.height), probed \(header.width)×\(header.height)")
        FuzzCheck.expect(decoded.pixels.count == decoded.width * decoded.height * 3, "pixel buffer size")
    } catch {}
    return 0
}
