internal import PhotoGridSupport
internal import CPNGShims
public import EXIF

/// Reads a PNG's header without inflating pixels.
public enum PNGFileProbe {
    /// The PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// How many chunk headers the `eXIf` search reads at most (a 100 MB PNG in 8 KB IDATs has ~12 800).
    static let chunkLimit = 100_000
    /// The largest `eXIf` chunk read (EXIF in JPEG is limited to 64 KB; PNG writers copy it).
    static let exifLimit = 1 << 20

    /// IHDR through libpng's png_read_info, then the `eXIf` chunk wherever it is: the PNG spec
    /// (3rd edition) puts it before IDAT, but some writers append it after, so the search walks every
    /// chunk by its length (one 8-byte read per chunk, nothing inflated) until IEND.
    public static func probe(path: String) throws(PNGError) -> PNGHeader {
        let file = try ReadOnlyFile(png: path)
        let start = try file.pngBytes(8, at: 0)
        guard !start.isEmpty else { throw .empty }
        guard start == signature else { throw .notPNG(detail: start.count < 8 ? "\(start.count) bytes" : "") }
        var info = pgpng_header_info()
        var diagnostics = pgpng_diagnostics()
        let status = pgpng_probe(file.descriptor, &info, &diagnostics)
        if status != PGPNG_STATUS_OK { throw PNGShimFailure.error(status, diagnostics, path: path) }
        var warnings = PNGShimFailure.warnings(diagnostics)
        let exif = try findEXIF(in: file, warnings: &warnings)
        warnings += exif.warnings
        return PNGHeader(storedWidth: Int(info.width), storedHeight: Int(info.height), bitDepth: Int(info.bit_depth),
                         colorType: PNGColorType(rawValue: Int(info.color_type)) ?? .rgb,
                         isInterlaced: info.interlaced != 0,
                         hasAlpha: info.color_type == 4 || info.color_type == 6 || info.has_trns != 0,
                         orientation: exif.orientation, takenAt: exif.dateTimeOriginal, warnings: warnings)
    }

    /// Walks the chunks after the signature by their lengths to the first `eXIf` and parses it.
    static func findEXIF(in file: borrowing ReadOnlyFile, warnings: inout [String]) throws(PNGError) -> EXIFMetadata {
        var offset = 8
        for _ in 0..<chunkLimit {
            let header = try file.pngBytes(8, at: offset)
            guard header.count == 8 else {
                if !header.isEmpty { warnings.append("PNG: the file ends inside a chunk header at byte \(offset)") }
                return EXIFMetadata()
            }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "IEND" { return EXIFMetadata() }
            if type == "eXIf" {
                guard length <= exifLimit else {
                    warnings.append("PNG: eXIf chunk of \(length) bytes ignored (more than \(exifLimit))")
                    return EXIFMetadata()
                }
                var data = try file.pngBytes(length, at: offset + 8)
                guard data.count == length else {
                    warnings.append("PNG: the eXIf chunk is truncated")
                    return EXIFMetadata()
                }
                // Some writers keep JPEG's "Exif\0\0" prefix.
                if data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { data.removeFirst(6) }
                return EXIFMetadata(tiff: data)
            }
            offset += 12 + length
        }
        warnings.append("PNG: more than \(chunkLimit) chunks; eXIf not searched further")
        return EXIFMetadata()
    }
}
