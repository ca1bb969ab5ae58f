import Platform
import EXIF

extension JPEGHeader {
    /// How much of the image data's start the segment probe reads at first (the tables and the frame
    /// header that libjpeg's `jpeg_read_header` reads are usually under 1 KiB).
    static let initialTablesLength = 4096
    /// The start of an XMP APP1 segment's payload.
    static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)

    /// Probes the file open as `descriptor` by following its segment lengths, reading only what the header
    /// needs: the file's first bytes (`head`, already read), the Exif segment's IFDs, the first XMP packet (for
    /// a Motion Photo), and the segments from the first one that is not an application segment or a comment up
    /// to the scan header. Other application segments (maker notes, EXIF thumbnails, ICC, MPF: often 40–250 KiB
    /// before a camera photo's frame header) are skipped by their lengths unread; see docs/formats.md.
    ///
    /// libjpeg gets SOI, APP0 JFIF and APP14 Adobe (the colour space), then the rest as in the file: its answer does not
    /// depend on the markers it skips. Exif facts are what a whole-segment parse gives (`SegmentReader.exifMetadata(_:)`).
    ///
    /// Returns nil when the file is anything but plain (bytes between segments that are not a marker, fill bytes, a segment
    /// past the end of the file, libjpeg failing), so that the caller's whole-prefix probe answers exactly as before
    /// (messages included).
    static func probeFollowingSegments(_ descriptor: Int32, head: UnsafeRawBufferPointer,
                                       path: String) throws(JPEGError) -> JPEGHeader? {
        let file = SegmentReader(descriptor: descriptor, head: head, path: path)
        var stream: [UInt8] = [0xFF, 0xD8]
        var exif: Range<Int>?
        var xmp: [UInt8]?
        var position = 2
        while true {
            guard let marker = try file.bytes(at: position, count: 4), marker[0] == 0xFF else { return nil }
            let code = marker[1]
            guard (0xE0...0xEF).contains(code) || code == 0xFE else { break }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            guard length >= 2 else { return nil }
            let end = position + 2 + length
            if code == 0xE0 || code == 0xEE {
                guard let segment = try file.bytes(at: position, count: 2 + length) else { return nil }
                stream += segment
            } else if code == 0xE1 {
                // The rule of the shim's APP1 processor: the first APP1 whose payload starts "Exif\0"; and
                // the first whose payload starts as XMP's does.
                if exif == nil, length - 2 >= 6, try file.bytes(at: position + 4, count: 5) == [0x45, 0x78, 0x69, 0x66, 0x00] {
                    exif = (position + 10)..<end
                } else if xmp == nil, length - 2 > xmpSignature.count,
                          let payload = try file.bytes(at: position + 4, count: length - 2), payload.starts(with: xmpSignature) {
                    // One read of the whole segment (≤ 64 KiB): its signature and its packet.
                    xmp = Array(payload.dropFirst(xmpSignature.count))
                }
            }
            position = end
        }
        var tablesLength = initialTablesLength
        while tablesLength <= maximumProbeLength {
            let (tables, atEndOfFile) = try file.read(at: position, upTo: tablesLength)
            let header: JPEGHeader?
            do {
                header = try (stream + tables).withUnsafeBytes { bytes in
                    Result { () throws(JPEGError) -> JPEGHeader? in try read(bytes, isWholeFile: false, parsesEXIF: exif == nil) }
                }.get()
            } catch {
                return nil
            }
            if var header {
                if let exif {
                    let metadata = try file.exifMetadata(exif)
                    header.orientation = metadata.orientation
                    header.takenAt = metadata.dateTimeOriginal
                    header.contentIdentifier = metadata.contentIdentifier
                    header.warnings += metadata.warnings
                }
                // Only a packet that names a Motion Photo is parsed (most XMP is about something else).
                if let packet = xmp, namesMotionPhoto(packet) {
                    header.motionPhoto = MotionPhotoXMP(xmp: packet)
                }
                return header
            }
            if atEndOfFile { return nil }
            tablesLength *= 4
        }
        return nil
    }
}

/// Whether an XMP packet names a Motion Photo (`MotionPhoto` or `MicroVideo`, both starting with "M"):
/// every camera photo's packet is searched (~3 KB each), so the scan jumps between "M"s with memchr (a
/// Swift loop over the bytes was 5 % of an index run's profile) and compares there with memcmp.
private func namesMotionPhoto(_ bytes: [UInt8]) -> Bool {
    let needles: [StaticString] = ["MotionPhoto", "MicroVideo"]
    return bytes.withUnsafeBytes { haystack in
        guard var at = haystack.baseAddress else { return false }
        let end = at + haystack.count
        while at < end, let found = memchr(at, Int32(UInt8(ascii: "M")), end - at) {
            let position = UnsafeRawPointer(found)
            for needle in needles where end - position >= needle.utf8CodeUnitCount
                && memcmp(position, needle.utf8Start, needle.utf8CodeUnitCount) == 0 {
                return true
            }
            at = position + 1
        }
        return false
    }
}

/// Reads parts of a file: from its first bytes when they hold them, else with pread.
private struct SegmentReader {
    let descriptor: Int32
    let head: UnsafeRawBufferPointer
    let path: String

    /// The `count` bytes at `offset`, or nil when the file ends before them.
    func bytes(at offset: Int, count: Int) throws(JPEGError) -> [UInt8]? {
        if offset + count <= head.count { return Array(head[offset..<offset + count]) }
        let (bytes, _) = try read(at: offset, upTo: count)
        return bytes.count == count ? bytes : nil
    }

    /// Up to `count` bytes at `offset`, and whether the file ended before `count`.
    func read(at offset: Int, upTo count: Int) throws(JPEGError) -> (bytes: [UInt8], atEndOfFile: Bool) {
        var bytes = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(JPEGError) -> Int in try preadFully(descriptor, into: buffer, at: offset, path: path) }
        }
        let length = try result.get()
        bytes.removeLast(count - length)
        return (bytes, length < count)
    }

    /// The EXIF facts of the TIFF data at `range`: parsed from the part in `head` when the parser
    /// needed nothing beyond it (no warning), else from the whole range.
    func exifMetadata(_ range: Range<Int>) throws(JPEGError) -> EXIFMetadata {
        if range.lowerBound <= head.count {
            let available = UnsafeRawBufferPointer(rebasing: head[range.lowerBound..<min(range.upperBound, head.count)])
            let metadata = EXIFMetadata(tiff: available)
            if metadata.warnings.isEmpty || range.upperBound <= head.count { return metadata }
        }
        let (bytes, _) = try read(at: range.lowerBound, upTo: range.count)
        return EXIFMetadata(tiff: bytes)
    }
}
