/// Byte-level surgery on JPEG files for tests: walking markers, patching SOF, inserting APP1.
enum JPEGBytes {
    /// One marker segment: the marker byte and the offset of its FF.
    struct Segment: Equatable {
        var marker: UInt8
        var offset: Int
        /// The segment length field (includes its own two bytes).
        var length: Int
    }

    /// The marker segments from SOI up to and including the first SOS.
    static func segments(_ bytes: [UInt8]) -> [Segment] {
        var result: [Segment] = []
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            result.append(Segment(marker: marker, offset: offset, length: length))
            if marker == 0xDA { break }
            offset += 2 + length
        }
        return result
    }

    /// Offset of the first SOFn marker (C0–CF except C4, C8, CC).
    static func startOfFrame(_ bytes: [UInt8]) -> Int? {
        segments(bytes).first { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }?.offset
    }

    /// A copy with the SOF's declared width and height replaced.
    static func patchingSize(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard let sof = startOfFrame(bytes) else { return bytes }
        var patched = bytes
        // FF Cn, length (2), precision (1), height (2), width (2)
        patched[sof + 5] = UInt8(height >> 8); patched[sof + 6] = UInt8(height & 0xFF)
        patched[sof + 7] = UInt8(width >> 8); patched[sof + 8] = UInt8(width & 0xFF)
        return patched
    }

    /// A copy without its APP1 segments, with one APP1 "Exif\0\0" + `tiff` inserted after SOI.
    static func withEXIF(_ bytes: [UInt8], tiff: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        var result: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        var offset = 2
        for segment in segments(bytes) {
            if segment.marker != 0xE1 { result += bytes[segment.offset..<segment.offset + 2 + segment.length] }
            offset = segment.offset + 2 + segment.length
        }
        result += bytes[offset...]
        return result
    }

    /// A copy with an APPn segment of `payloadLength` filler bytes inserted after SOI.
    static func withFillerSegment(_ bytes: [UInt8], marker: UInt8, payloadLength: Int) -> [UInt8] {
        let length = payloadLength + 2
        return [0xFF, 0xD8, 0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
            + [UInt8](repeating: 0x20, count: payloadLength) + bytes[2...]
    }
}

/// Builds TIFF structures (the payload of an EXIF APP1 after "Exif\0\0") by hand.
struct TIFFBuilder {
    /// One IFD entry as written: tag, type, count and the 4-byte value/offset field.
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// The value field: a SHORT value or a LONG offset, stored in the file's byte order.
        var value: UInt32
    }

    var bigEndian: Bool
    var bytes: [UInt8] = []

    init(bigEndian: Bool) {
        self.bigEndian = bigEndian
        bytes = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        append32(8)  // IFD0 right after the header
    }

    mutating func append16(_ value: UInt16) {
        let big = [UInt8(value >> 8), UInt8(value & 0xFF)]
        bytes += bigEndian ? big : big.reversed()
    }

    mutating func append32(_ value: UInt32) {
        let big = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        bytes += bigEndian ? big : big.reversed()
    }

    /// Appends an IFD with `entries` and a zero next-IFD offset.
    mutating func appendIFD(_ entries: [Entry]) {
        append16(UInt16(entries.count))
        for entry in entries {
            append16(entry.tag); append16(entry.type); append32(entry.count)
            if entry.type == 3 && entry.count == 1 {
                append16(UInt16(entry.value)); append16(0)  // a SHORT sits in the first two bytes
            } else {
                append32(entry.value)
            }
        }
        append32(0)
    }

    /// Orientation (SHORT) entry.
    static func orientation(_ value: UInt16) -> Entry { Entry(tag: 0x0112, type: 3, count: 1, value: UInt32(value)) }
    /// Exif IFD pointer (LONG) entry.
    static func exifPointer(_ offset: UInt32) -> Entry { Entry(tag: 0x8769, type: 4, count: 1, value: offset) }
    /// DateTimeOriginal (ASCII, 20 bytes) entry.
    static func dateTimeOriginal(at offset: UInt32) -> Entry { Entry(tag: 0x9003, type: 2, count: 20, value: offset) }

    /// TIFF data with IFD0 = [orientation], no Exif IFD.
    static func orientationOnly(_ value: UInt16, bigEndian: Bool) -> [UInt8] {
        var builder = TIFFBuilder(bigEndian: bigEndian)
        builder.appendIFD([orientation(value)])
        return builder.bytes
    }

    /// TIFF data with IFD0 = [orientation, Exif pointer] and Exif IFD = [DateTimeOriginal].
    ///
    /// Layout: header 8, IFD0 at 8 (2 + 2×12 + 4 = 30 bytes) → Exif IFD at 38 (2 + 12 + 4 = 18
    /// bytes) → the 20-byte date at 56; 76 bytes in all.
    static func withDate(_ date: String, orientation value: UInt16, bigEndian: Bool) -> [UInt8] {
        var builder = TIFFBuilder(bigEndian: bigEndian)
        builder.appendIFD([orientation(value), exifPointer(38)])
        builder.appendIFD([dateTimeOriginal(at: 56)])
        builder.bytes += Array(date.utf8.prefix(19)) + [UInt8](repeating: 0, count: 20 - min(19, date.utf8.count))
        return builder.bytes
    }
}
