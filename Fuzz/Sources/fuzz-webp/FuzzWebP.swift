// libFuzzer target: the WebP probe and decoder (full and scaled) on arbitrary bytes (written to the
// scratch file and read through its /proc/self/fd path, since the WebP module reads files).
// Oracle: no crash; a probed header is sane (orientation 1...8, a date of the right shape); a decode
// (pixel limit 2^22) succeeds only where the probe does, with the probed size, or for a still image with
// the long side asked for (from a length chosen by the input), and width × height × 3 bytes (an
// animation: its first frame on the canvas, through libwebpdemux).
import FuzzSupport
import WebP

let scratchPath = "/proc/self/fd/\(ScratchFile.shared.descriptor)"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    ScratchFile.shared.write(bytes)
    let probed: WebPHeader?
    do { probed = try WebPFileProbe.probe(path: scratchPath) } catch { probed = nil }
    if let header = probed {
        FuzzCheck.expect(header.storedWidth >= 1 && header.storedHeight >= 1, "size \(header.storedWidth)×\(header.storedHeight)")
        FuzzCheck.expect((1...8).contains(header.orientation), "orientation \(header.orientation)")
        if let takenAt = header.takenAt { FuzzCheck.expect(takenAt.utf8.count == 19, "takenAt \(takenAt)") }
    }
    var choices = FuzzChoices(bytes)
    let longSide = choices.next() % 2 == 0 ? nil : Int(choices.next() % 300) + 1
    do {
        let decoded = try WebPDecoder.decode(path: scratchPath, longSide: longSide, pixelLimit: 1 << 22)
        guard let header = probed else { FuzzCheck.fail("decoded a file the probe refused") }
        FuzzCheck.expect(decoded.storedWidth == header.storedWidth && decoded.storedHeight == header.storedHeight, "stored size")
        if let longSide, !header.isAnimated, max(header.storedWidth, header.storedHeight) > longSide {
            FuzzCheck.expect(max(decoded.width, decoded.height) == longSide, "long side \(decoded.width)×\(decoded.height) for \(longSide)")
        } else {
            FuzzCheck.expect(decoded.width == header.storedWidth && decoded.height == header.storedHeight, "unscaled size")
        }
        FuzzCheck.expect(decoded.pixels.count == decoded.width * decoded.height * 3, "pixel buffer size")
    } catch {}
    return 0
}
