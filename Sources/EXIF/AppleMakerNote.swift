/// The one fact PhotoGrid reads from Apple's EXIF maker note: the Live Photo content identifier.
///
/// Layout (as exiftool's Apple.pm reads it): "Apple iOS\0", a 2-byte version, "MM", then a big-endian
/// IFD at offset 14 whose value offsets count from the maker note's first byte. Tag 0x0011 is ASCII: the
/// identifier, a UUID on every iPhone. Anything else — another maker's note, a bad offset — yields nil;
/// a maker note is not worth a warning.
enum AppleMakerNote {
    /// The maker note's signature.
    static let signature = Array("Apple iOS\0".utf8)
    /// Maker note tag 0x0011: the content identifier.
    static let contentIdentifierTag: UInt16 = 0x0011
    /// The longest identifier kept (a UUID is 36 characters).
    static let longestIdentifier = 128

    /// The content identifier in the maker note `entry` (Exif IFD tag 0x927C) of `reader`'s TIFF data.
    static func contentIdentifier(_ reader: TIFFReader, _ entry: EXIFMetadata.Entry) -> String? {
        guard entry.count >= 16, entry.count <= 1 << 20, let start = reader.uint32(at: entry.valueField).map(Int.init),
              start <= reader.bytes.count, reader.bytes.count - start >= Int(entry.count) else { return nil }
        let note = UnsafeRawBufferPointer(rebasing: reader.bytes[start..<start + Int(entry.count)])
        guard note.starts(with: signature), note[12] == 0x4D, note[13] == 0x4D else { return nil }
        let notes = TIFFReader(bytes: note, bigEndian: true)
        guard let declared = notes.uint16(at: 14).map(Int.init) else { return nil }
        for index in 0..<min(declared, 256) {
            let at = 16 + index * 12
            guard let tag = notes.uint16(at: at), let type = notes.uint16(at: at + 2), let count = notes.uint32(at: at + 4).map(Int.init) else { return nil }
            guard tag == contentIdentifierTag else { continue }
            guard type == EXIFMetadata.FieldType.ascii, count > 1, count <= longestIdentifier + 1 else { return nil }
            let offset = count <= 4 ? at + 8 : notes.uint32(at: at + 8).map(Int.init) ?? -1
            guard offset >= 0, offset <= note.count - count else { return nil }
            let text = note[offset..<offset + count].prefix { $0 != 0 }
            guard !text.isEmpty, text.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        return nil
    }
}
