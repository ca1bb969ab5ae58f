// libFuzzer target: the header probe and the EXIF parser on arbitrary bytes.
//
// Each input is used twice:
// 1. as a whole file: `JPEGHeader.probe(bytes:)` and `probe(fileDescriptor:)` (the growing pread
//    buffer) must agree, and a header that comes back must be sane;
// 2. as the TIFF data of an APP1 "Exif" segment in front of a valid 8×8 JPEG header, so that every
//    byte reaches the EXIF parser: the probe must succeed (broken EXIF is only ever a warning) with
//    orientation 1...8 and a well-formed date.
import FuzzSupport
import JPEG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProbe(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    probeWholeFile(bytes)
    probeAsEXIF(bytes)
    return 0
}

func probeWholeFile(_ bytes: [UInt8]) {
    let fromMemory = attempt { () throws(JPEGError) in try JPEGHeader.probe(bytes: bytes) }
    ScratchFile.shared.write(bytes)
    let fromFile = attempt { () throws(JPEGError) in
        try JPEGHeader.probe(fileDescriptor: ScratchFile.shared.descriptor).header
    }
    FuzzCheck.expect(fromMemory == fromFile, "probe(bytes:) gave \(fromMemory), probe(fileDescriptor:) \(fromFile)")
    if case .success(let header) = fromMemory { checkHeader(header) }
}

func probeAsEXIF(_ tiff: [UInt8]) {
    let jpeg = TinyJPEG.withEXIF(tiff)
    switch attempt({ () throws(JPEGError) in try JPEGHeader.probe(bytes: jpeg) }) {
    case .success(let header):
        checkHeader(header)
        FuzzCheck.expect(header.storedWidth == 8 && header.storedHeight == 8, "the 8×8 frame became \(header.storedWidth)×\(header.storedHeight)")
    case .failure(let error):
        FuzzCheck.fail("a valid JPEG with arbitrary EXIF was refused: \(error)")
    }
}

/// Properties every probed header has, whatever the input.
func checkHeader(_ header: JPEGHeader) {
    FuzzCheck.expect(header.storedWidth >= 1 && header.storedWidth <= 65535 && header.storedHeight >= 1
                     && header.storedHeight <= 65535, "size \(header.storedWidth)×\(header.storedHeight)")
    FuzzCheck.expect((1...4).contains(header.components), "\(header.components) components")
    FuzzCheck.expect((1...8).contains(header.orientation), "orientation \(header.orientation)")
    if let takenAt = header.takenAt {
        let shape = takenAt.utf8.enumerated().allSatisfy { index, byte in
            switch index {
            case 4, 7: return byte == UInt8(ascii: "-")
            case 10: return byte == UInt8(ascii: "T")
            case 13, 16: return byte == UInt8(ascii: ":")
            default: return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
        FuzzCheck.expect(takenAt.utf8.count == 19 && shape, "takenAt \(takenAt)")
    }
    let swapped = header.orientation >= 5
    FuzzCheck.expect(header.displayWidth == (swapped ? header.storedHeight : header.storedWidth), "displayWidth")
}

/// A valid 8×8 grayscale baseline JPEG made once with our encoder, and APP1 insertion.
enum TinyJPEG {
    static let bytes: [UInt8] = {
        switch attempt({ () throws(JPEGError) in
            try JPEGEncoder.encode(pixels: [UInt8](repeating: 128, count: 64), width: 8, height: 8, format: .grayscale)
        }) {
        case .success(let jpeg): return jpeg
        case .failure(let error): FuzzCheck.fail("could not encode the 8×8 JPEG: \(error)")
        }
    }()

    /// The largest TIFF payload an APP1 holds: 65535 − 2 (length) − 6 ("Exif\0\0").
    static let maximumTIFFLength = 65527

    /// SOI, APP1 "Exif\0\0" + the first 65,527 bytes of `tiff`, then the rest of the 8×8 JPEG.
    static func withEXIF(_ tiff: [UInt8]) -> [UInt8] {
        let payload = tiff.prefix(maximumTIFFLength)
        let length = payload.count + 8
        var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        jpeg += Array("Exif".utf8) + [0, 0]
        jpeg += payload
        jpeg += bytes[2...]
        return jpeg
    }
}
