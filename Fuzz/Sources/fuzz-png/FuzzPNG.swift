// libFuzzer target: the PNG probe and decoder on arbitrary bytes (written to the scratch file and read
// through its /proc/self/fd path, since the PNG module reads files).
// Oracle: no crash; a probed header is sane (orientation 1...8, alpha consistent with the colour type,
// a date of the right shape); a decode (pixel limit 2^22 so one input stays fast) succeeds only where
// the probe does, with the probed size and width × height × 3 bytes.
import FuzzSupport
import PNG

let scratchPath = "/proc/self/fd/\(ScratchFile.shared.descriptor)"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ScratchFile.shared.write(bytes)
    let probed: PNGHeader?
    do { probed = try PNGFileProbe.probe(path: scratchPath) } catch { probed = nil }
    if let header = probed {
        FuzzCheck.expect(header.storedWidth >= 1 && header.storedHeight >= 1, "size \(header.storedWidth)×\(header.storedHeight)")
        FuzzCheck.expect((1...8).contains(header.orientation), "orientation \(header.orientation)")
        FuzzCheck.expect([1, 2, 4, 8, 16].contains(header.bitDepth), "bit depth \(header.bitDepth)")
        if header.colorType == .grayAlpha || header.colorType == .rgba { FuzzCheck.expect(header.hasAlpha, "alpha channel without alpha") }
        if let takenAt = header.takenAt { FuzzCheck.expect(takenAt.utf8.count == 19, "takenAt \(takenAt)") }
    }
    do {
        let decoded = try PNGDecoder.decode(path: scratchPath, pixelLimit: 1 << 22)
        guard let header = probed else { FuzzCheck.fail("decoded a file the probe refused") }
        FuzzCheck.expect(decoded.width == header.storedWidth && decoded.height == header.storedHeight,
                         "decoded \(decoded.width)×\(decoded.height), probed \(header.storedWidth)×\(header.storedHeight)")
        FuzzCheck.expect(decoded.pixels.count == decoded.width * decoded.height * 3, "pixel buffer size")
    } catch {}
    return 0
}
