import PhotoGridSupport
import Platform
import EXIF

/// The small JPEG a camera or phone embeds in a photo's Exif segment (IFD1, typically 160×120), read
/// without decoding the photo: the segments before the image data are followed by their lengths, and
/// only the first Exif APP1 is read (at most 64 KiB). What a server shows while a photo's real thumbnail
/// is being made.
public enum JPEGEmbeddedThumbnail {
    /// The embedded thumbnail's JPEG bytes and the photo's EXIF orientation (which the thumbnail shares:
    /// it is stored as the main image is), or nil when the file has none (or is not a JPEG).
    public static func read(path: String) -> (jpeg: [UInt8], orientation: Int)? {
        read(pathBytes: Array(path.utf8))
    }

    /// `read(path:)` for a path given as its bytes (any bytes but NUL).
    public static func read(pathBytes: [UInt8]) -> (jpeg: [UInt8], orientation: Int)? {
        let descriptor = (pathBytes + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// `read(path:)` for a file open as `descriptor` (the caller's: it stays open).
    public static func read(descriptor: Int32) -> (jpeg: [UInt8], orientation: Int)? {
        func bytes(at offset: Int, count: Int) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { (try? ReadOnlyFile.read(descriptor, into: $0, at: offset)) ?? -1 }
            return got == count ? buffer : nil
        }
        guard bytes(at: 0, count: 2) == [0xFF, 0xD8] else { return nil }
        var position = 2
        // The application segments come first; the Exif one is usually the first or second.
        for _ in 0..<16 {
            guard let marker = bytes(at: position, count: 4), marker[0] == 0xFF,
                  (0xE0...0xEF).contains(marker[1]) || marker[1] == 0xFE else { return nil }
            let length = Int(marker[2]) << 8 | Int(marker[3])
            guard length >= 2 else { return nil }
            if marker[1] == 0xE1, length >= 8, bytes(at: position + 4, count: 6) == Array("Exif\0\0".utf8),
               let tiff = bytes(at: position + 10, count: length - 8) {
                let metadata = EXIFMetadata(tiff: tiff)
                guard let range = metadata.thumbnail else { return nil }
                return (Array(tiff[range]), metadata.orientation)
            }
            position += 2 + length
        }
        return nil
    }
}
