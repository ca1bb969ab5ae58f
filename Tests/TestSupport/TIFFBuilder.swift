/// Builds TIFF structures (EXIF: the payload of a JPEG APP1 after "Exif\0\0", a PNG eXIf chunk…) by hand.
public struct TIFFBuilder {
    /// One IFD entry as written: tag, type, count and the 4-byte value/offset field.
    public struct Entry {
        public var tag: UInt16
        public var type: UInt16
        public var count: UInt32
        /// The value field: a SHORT value or a LONG offset, stored in the file's byte order.
        public var value: UInt32

        public init(tag: UInt16, type: UInt16, count: UInt32, value: UInt32) {
            self.tag = tag; self.type = type; self.count = count; self.value = value
        }
    }

    public var bigEndian: Bool
    public var bytes: [UInt8] = []

    public init(bigEndian: Bool) {
        self.bigEndian = bigEndian
        bytes = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        append32(8)  // IFD0 right after the header
    }

    public mutating func append16(_ value: UInt16) {
        let big = [UInt8(value >> 8), UInt8(value & 0xFF)]
        bytes += bigEndian ? big : big.reversed()
    }

    public mutating func append32(_ value: UInt32) {
        let big = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        bytes += bigEndian ? big : big.reversed()
    }

    /// Appends an IFD with `entries` and a zero next-IFD offset.
    public mutating func appendIFD(_ entries: [Entry]) {
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
    public static func orientation(_ value: UInt16) -> Entry { Entry(tag: 0x0112, type: 3, count: 1, value: UInt32(value)) }
    /// Exif IFD pointer (LONG) entry.
    public static func exifPointer(_ offset: UInt32) -> Entry { Entry(tag: 0x8769, type: 4, count: 1, value: offset) }
    /// DateTimeOriginal (ASCII, 20 bytes) entry.
    public static func dateTimeOriginal(at offset: UInt32) -> Entry { Entry(tag: 0x9003, type: 2, count: 20, value: offset) }

    /// TIFF data with IFD0 = [orientation], no Exif IFD.
    public static func orientationOnly(_ value: UInt16, bigEndian: Bool) -> [UInt8] {
        var builder = TIFFBuilder(bigEndian: bigEndian)
        builder.appendIFD([orientation(value)])
        return builder.bytes
    }

    /// TIFF data with IFD0 = [orientation, Exif pointer] and Exif IFD = [DateTimeOriginal].
    ///
    /// Layout: header 8, IFD0 at 8 (2 + 2×12 + 4 = 30 bytes) → Exif IFD at 38 (2 + 12 + 4 = 18
    /// bytes) → the 20-byte date at 56; 76 bytes in all.
    public static func withDate(_ date: String, orientation value: UInt16, bigEndian: Bool) -> [UInt8] {
        var builder = TIFFBuilder(bigEndian: bigEndian)
        builder.appendIFD([orientation(value), exifPointer(38)])
        builder.appendIFD([dateTimeOriginal(at: 56)])
        builder.bytes += Array(date.utf8.prefix(19)) + [UInt8](repeating: 0, count: 20 - min(19, date.utf8.count))
        return builder.bytes
    }
}
