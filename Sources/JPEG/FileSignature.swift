/// What a file's first bytes say it is, for errors like "not a JPEG (PNG data)".
enum FileSignature {
    /// How many leading bytes `describe` looks at: callers that sniff a file read this many, so a
    /// file is described the same whichever entry point reads it.
    static let sniffLength = 512

    /// `true` if `bytes` starts with the JPEG SOI marker FF D8.
    static func isJPEG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8
    }

    /// A short description of non-JPEG data from its first bytes ("PNG data", "text", ...).
    static func describe(_ bytes: UnsafeRawBufferPointer) -> String {
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + prefix.count else { return false }
            for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
            return true
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG data" }
        if starts(with: Array("GIF8".utf8)) { return "GIF data" }
        if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF data" }
        if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) { return "WebP data" }
        if starts(with: Array("ftyp".utf8), at: 4) {
            if starts(with: Array("avif".utf8), at: 8) { return "AVIF data" }
            for brand in ["heic", "heix", "hevc", "mif1", "msf1"] where starts(with: Array(brand.utf8), at: 8) {
                return "HEIF data"
            }
            return "ISO media data"
        }
        if starts(with: [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) { return "JPEG 2000 data" }
        if starts(with: [0xFF, 0x0A]) || starts(with: [0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
            return "JPEG XL data"
        }
        if starts(with: Array("BM".utf8)) { return "BMP data" }
        if starts(with: Array("%PDF".utf8)) { return "PDF data" }
        if isText(bytes) { return "text" }
        let shown = bytes.prefix(4).map { "0x" + String($0, radix: 16, uppercase: true) }
        return "starts with " + shown.joined(separator: " ")
    }

    /// `true` if the first `sniffLength` bytes contain no control characters other than whitespace
    /// (ASCII, UTF-8 and 8-bit text pass; binary formats almost always contain control bytes).
    private static func isText(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let head = bytes.prefix(sniffLength)
        guard !head.isEmpty else { return false }
        return head.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
