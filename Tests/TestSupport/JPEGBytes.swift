/// Byte-level surgery on JPEG files for tests: walking markers, patching SOF, inserting APP1.
public enum JPEGBytes {
    /// One marker segment: the marker byte and the offset of its FF.
    public struct Segment: Equatable {
        public var marker: UInt8
        public var offset: Int
        /// The segment length field (includes its own two bytes).
        public var length: Int
    }

    /// The marker segments from SOI up to and including the first SOS.
    public static func segments(_ bytes: [UInt8]) -> [Segment] {
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
    public static func startOfFrame(_ bytes: [UInt8]) -> Int? {
        segments(bytes).first { (0xC0...0xCF).contains($0.marker) && ![0xC4, 0xC8, 0xCC].contains($0.marker) }?.offset
    }

    /// A copy with the SOF's declared width and height replaced.
    public static func patchingSize(_ bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard let sof = startOfFrame(bytes) else { return bytes }
        var patched = bytes
        // FF Cn, length (2), precision (1), height (2), width (2)
        patched[sof + 5] = UInt8(height >> 8); patched[sof + 6] = UInt8(height & 0xFF)
        patched[sof + 7] = UInt8(width >> 8); patched[sof + 8] = UInt8(width & 0xFF)
        return patched
    }

    /// A copy without its APP1 segments, with one APP1 "Exif\0\0" + `tiff` inserted after SOI.
    public static func withEXIF(_ bytes: [UInt8], tiff: [UInt8]) -> [UInt8] {
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
    public static func withFillerSegment(_ bytes: [UInt8], marker: UInt8, payloadLength: Int) -> [UInt8] {
        let length = payloadLength + 2
        return [0xFF, 0xD8, 0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)]
            + [UInt8](repeating: 0x20, count: payloadLength) + bytes[2...]
    }
}
