/// The EXIF facts PhotoGrid needs — orientation and DateTimeOriginal — parsed from a TIFF structure:
/// a JPEG's APP1 "Exif" segment, a PNG `eXIf` chunk, a WebP `EXIF` chunk or a HEIF Exif item.
///
/// Every offset and count is checked against the segment before it is used; the parser follows
/// exactly one pointer (IFD0 → Exif IFD), so no chain of IFDs can make it loop. Problems become
/// warnings, never errors: a photo with broken EXIF still has a size.
public struct EXIFMetadata: Sendable, Equatable {
    /// Orientation 1...8; 1 when absent or invalid.
    public var orientation = 1
    /// DateTimeOriginal as "YYYY-MM-DDTHH:MM:SS", when present and valid.
    public var dateTimeOriginal: String?
    /// What was wrong, one line each, starting with "EXIF".
    public var warnings: [String] = []
    /// Where the embedded thumbnail JPEG lies in the TIFF data (IFD1's JPEGInterchangeFormat and its
    /// length), when IFD1 names one that lies wholly inside the data and starts as a JPEG does (SOI).
    /// Cameras and phones write a ~160×120 one; in the sensor's orientation, as the main image.
    public var thumbnail: Range<Int>?
    /// Apple's Live Photo identifier (maker note tag 0x0011, exiftool's `MediaGroupUUID`, formerly
    /// `ContentIdentifier`): the same text as the paired movie's `com.apple.quicktime.content.identifier`.
    public var contentIdentifier: String?

    /// TIFF tag numbers and field types used here.
    enum Tag {
        static let orientation: UInt16 = 0x0112
        static let exifIFDPointer: UInt16 = 0x8769
        static let dateTimeOriginal: UInt16 = 0x9003
        static let jpegInterchangeFormat: UInt16 = 0x0201
        static let jpegInterchangeFormatLength: UInt16 = 0x0202
        static let makerNote: UInt16 = 0x927C
    }
    enum FieldType {
        static let ascii: UInt16 = 2
        static let short: UInt16 = 3
        static let long: UInt16 = 4
        static let ifd: UInt16 = 13
    }

    /// No EXIF: orientation 1, no date.
    public init() {}

    /// Parses the TIFF data (the APP1 payload after "Exif\0\0").
    public init(tiff bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= 8 else {
            warnings.append("EXIF: the TIFF header is truncated (\(bytes.count) bytes)")
            return
        }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default:
            warnings.append("EXIF: unknown TIFF byte order 0x\(String(bytes[0], radix: 16)) 0x\(String(bytes[1], radix: 16))")
            return
        }
        let reader = TIFFReader(bytes: bytes, bigEndian: bigEndian)
        guard reader.uint16(at: 2) == 42 else {
            warnings.append("EXIF: bad TIFF magic number")
            return
        }
        guard let ifd0Offset = reader.uint32(at: 4).map(Int.init),
              let ifd0 = readIFD(reader, at: ifd0Offset, name: "IFD0") else { return }

        readThumbnail(reader, afterIFD0At: ifd0Offset, entries: ifd0.count)
        var exifIFDOffset: Int?
        for entry in ifd0 {
            switch entry.tag {
            case Tag.orientation: readOrientation(reader, entry)
            case Tag.exifIFDPointer:
                if entry.type == FieldType.long || entry.type == FieldType.ifd, entry.count == 1 {
                    exifIFDOffset = reader.uint32(at: entry.valueField).map(Int.init)
                } else {
                    warnings.append("EXIF: the Exif IFD pointer has type \(entry.type) and count \(entry.count)")
                }
            default: break
            }
        }
        guard let exifIFDOffset else { return }
        guard exifIFDOffset != ifd0Offset else {
            warnings.append("EXIF: the Exif IFD pointer refers back to IFD0")
            return
        }
        guard let exifIFD = readIFD(reader, at: exifIFDOffset, name: "Exif IFD") else { return }
        for entry in exifIFD {
            switch entry.tag {
            case Tag.dateTimeOriginal where dateTimeOriginal == nil: readDateTimeOriginal(reader, entry)
            case Tag.makerNote where contentIdentifier == nil: contentIdentifier = AppleMakerNote.contentIdentifier(reader, entry)
            default: break
            }
        }
    }

    /// Parses a copy of the TIFF data.
    public init(tiff bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { EXIFMetadata(tiff: $0) }
    }

    /// One 12-byte IFD entry.
    struct Entry {
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        /// Offset of the entry's 4-byte value/offset field in the TIFF data.
        var valueField: Int
    }

    /// The entries of the IFD at `offset` that lie wholly inside the data; nil (with a warning) if
    /// not even its entry count does.
    private mutating func readIFD(_ reader: TIFFReader, at offset: Int, name: String) -> [Entry]? {
        guard let declared = reader.uint16(at: offset).map(Int.init) else {
            warnings.append("EXIF: \(name) offset \(offset) lies outside the \(reader.bytes.count)-byte segment")
            return nil
        }
        let fitting = min(declared, (reader.bytes.count - offset - 2) / 12)
        if fitting < declared {
            warnings.append("EXIF: \(name) declares \(declared) entries but only \(fitting) fit in the segment")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(fitting)
        for index in 0..<fitting {
            let start = offset + 2 + index * 12
            guard let tag = reader.uint16(at: start), let type = reader.uint16(at: start + 2),
                  let count = reader.uint32(at: start + 4) else { break }
            entries.append(Entry(tag: tag, type: type, count: count, valueField: start + 8))
        }
        return entries
    }

    /// The thumbnail IFD1 names (IFD0's next-IFD offset, read once: no chain is followed further).
    /// Nothing is warned: a photo without a thumbnail, or with a broken one, simply has none.
    private mutating func readThumbnail(_ reader: TIFFReader, afterIFD0At ifd0Offset: Int, entries: Int) {
        guard let next = reader.uint32(at: ifd0Offset + 2 + 12 * entries).map(Int.init), next != 0, next != ifd0Offset,
              let declared = reader.uint16(at: next).map(Int.init) else { return }
        var start: Int?, length: Int?
        for index in 0..<min(declared, 64) {
            let at = next + 2 + index * 12
            guard let tag = reader.uint16(at: at), let type = reader.uint16(at: at + 2), let count = reader.uint32(at: at + 4),
                  count == 1, type == FieldType.long || type == FieldType.short else { continue }
            let value = type == FieldType.long ? reader.uint32(at: at + 8).map(Int.init) : reader.uint16(at: at + 8).map(Int.init)
            if tag == Tag.jpegInterchangeFormat { start = value }
            if tag == Tag.jpegInterchangeFormatLength { length = value }
        }
        guard let start, let length, length >= 4, start >= 8, start <= reader.bytes.count - length,
              reader.bytes[start] == 0xFF, reader.bytes[start + 1] == 0xD8 else { return }
        thumbnail = start..<(start + length)
    }

    private mutating func readOrientation(_ reader: TIFFReader, _ entry: Entry) {
        guard entry.type == FieldType.short, entry.count >= 1, let value = reader.uint16(at: entry.valueField) else {
            warnings.append("EXIF: orientation has type \(entry.type) and count \(entry.count), expected one SHORT; using 1")
            return
        }
        guard (1...8).contains(value) else {
            warnings.append("EXIF: orientation \(value) is outside 1–8; using 1")
            return
        }
        orientation = Int(value)
    }

    private mutating func readDateTimeOriginal(_ reader: TIFFReader, _ entry: Entry) {
        guard entry.type == FieldType.ascii, entry.count >= 19 else {
            warnings.append("EXIF: DateTimeOriginal has type \(entry.type) and count \(entry.count), expected 20 ASCII")
            return
        }
        // 19 characters (+ NUL) never fit in the 4-byte field: the field holds an offset.
        guard let offset = reader.uint32(at: entry.valueField).map(Int.init),
              offset <= reader.bytes.count, reader.bytes.count - offset >= Int(entry.count) else {
            warnings.append("EXIF: DateTimeOriginal points outside the segment")
            return
        }
        let text = UnsafeRawBufferPointer(rebasing: reader.bytes[offset..<offset + 19])
        switch EXIFDateTime.isoString(text) {
        case .valid(let iso): dateTimeOriginal = iso
        case .unknown: break
        case .invalid(let shown): warnings.append("EXIF: DateTimeOriginal \"\(shown)\" is not a valid date and time")
        }
    }
}

/// Bounds-checked integer reads from TIFF data in its byte order.
struct TIFFReader {
    let bytes: UnsafeRawBufferPointer
    let bigEndian: Bool

    /// The 16-bit value at `offset`, or nil if it does not lie wholly inside the data.
    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    /// The 32-bit value at `offset`, or nil if it does not lie wholly inside the data.
    func uint32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 {
            let byte = UInt32(bytes[offset + (bigEndian ? index : 3 - index)])
            value = value << 8 | byte
        }
        return value
    }
}
