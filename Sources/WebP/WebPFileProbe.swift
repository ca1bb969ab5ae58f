internal import PhotoGridSupport
internal import CWebP
import EXIF

/// Reads a WebP's header without decoding pixels.
public enum WebPFileProbe {
    /// Bytes handed to WebPGetFeatures first (VP8, VP8L and VP8X headers fit in the first 64 bytes
    /// after an ALPH or ICCP chunk; more is read when libwebp says VP8_STATUS_NOT_ENOUGH_DATA).
    static let firstRead = 4096
    /// The largest EXIF chunk read.
    static let exifLimit = 1 << 20

    /// WebPGetFeatures on the first bytes, then (when the VP8X header flags EXIF) the EXIF chunk,
    /// found by walking the RIFF chunks by their sizes.
    public static func probe(path: String) throws(WebPError) -> WebPHeader {
        let file = try ReadOnlyFile(webP: path)
        var count = firstRead
        var bytes = try file.webPBytes(count, at: 0)
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) else {
            throw .notWebP(detail: bytes.count < 12 ? "\(bytes.count) bytes" : "")
        }
        var features = WebPBitstreamFeatures()
        while true {
            let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
            if status == VP8_STATUS_OK { break }
            if status == VP8_STATUS_NOT_ENOUGH_DATA, bytes.count == count, count < 1 << 24 {
                count *= 16
                bytes = try file.webPBytes(count, at: 0)
                continue
            }
            throw .libwebp(call: "WebPGetFeatures", status: WebPStatus.name(status))
        }
        var warnings: [String] = []
        // VP8X flags (byte 20 of the file): 0x08 means an EXIF chunk follows the image.
        let hasEXIFFlag = bytes.count > 20 && Array(bytes[12..<16]) == Array("VP8X".utf8) && bytes[20] & 0x08 != 0
        let exif = hasEXIFFlag ? try findEXIF(in: file, warnings: &warnings) : EXIFMetadata()
        warnings += exif.warnings
        return WebPHeader(storedWidth: Int(features.width), storedHeight: Int(features.height),
                          hasAlpha: features.has_alpha != 0, isAnimated: features.has_animation != 0,
                          format: WebPFormat(rawValue: Int(features.format)) ?? .mixedOrUndefined,
                          orientation: exif.orientation, takenAt: exif.dateTimeOriginal, warnings: warnings)
    }

    /// Walks the RIFF chunks after "WEBP" (each a FourCC, a little-endian size and the payload padded
    /// to even) to the EXIF chunk and parses it.
    static func findEXIF(in file: borrowing ReadOnlyFile, warnings: inout [String]) throws(WebPError) -> EXIFMetadata {
        var offset = 12
        for _ in 0..<100_000 {
            let header = try file.webPBytes(8, at: offset)
            guard header.count == 8 else { break }
            let size = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
            if header.starts(with: Array("EXIF".utf8)) {
                guard size <= exifLimit else {
                    warnings.append("WebP: EXIF chunk of \(size) bytes ignored (more than \(exifLimit))")
                    return EXIFMetadata()
                }
                var data = try file.webPBytes(size, at: offset + 8)
                guard data.count == size else {
                    warnings.append("WebP: the EXIF chunk is truncated")
                    return EXIFMetadata()
                }
                // Some writers keep JPEG's "Exif\0\0" prefix.
                if data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { data.removeFirst(6) }
                return EXIFMetadata(tiff: data)
            }
            offset += 8 + size + (size & 1)
        }
        warnings.append("WebP: the VP8X header flags EXIF but no EXIF chunk was found")
        return EXIFMetadata()
    }
}
