import Foundation
import Imaging
import JPEG
@testable import Thumbnails

/// Photos generated for the tests with our own encoder, and a scratch folder to put them in.
enum TestPhotos {
    /// The committed sample photos (SampleImages/).
    static let sampleImages = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SampleImages")

    /// A JPEG of `width` × `height` whose pixel (x, y) is `pixel(x, y)` (quality 95, 4:2:0).
    static func jpeg(width: Int, height: Int, quality: Int = 95, pixel: (Int, Int) -> RGB) throws -> [UInt8] {
        let image = try PixelBuffer(width: width, height: height, pixel: pixel)
        return try JPEGEncoder.encode(rgb: image.bytes, width: width, height: height, quality: quality)
    }

    /// `jpeg` with an EXIF APP1 segment right after SOI whose IFD0 holds one entry: Orientation
    /// (tag 0x0112, type SHORT, count 1) = `orientation`. Little-endian TIFF ("II", 42, IFD0 at 8).
    static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]   // "II", 42, offset 8
        tiff += [0x01, 0x00]                                                   // 1 entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]               // 0x0112, SHORT, count 1
        tiff += [UInt8(orientation), 0x00, 0x00, 0x00]                         // value, padding
        tiff += [0x00, 0x00, 0x00, 0x00]                                       // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[..<2]) + segment + Array(jpeg[2...])
    }

    /// `jpeg` with its SOF0 frame header declaring `width` × `height` instead.
    static func declaringSize(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
        var bytes = jpeg
        var i = 2
        while i + 8 < bytes.count {
            guard bytes[i] == 0xFF else { break }
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return bytes
            }
            i += 2 + length
        }
        return bytes
    }

    /// A source for a file written by the tests (its header tells the stored size and orientation).
    static func source(_ path: String) throws -> ThumbnailSource {
        let header = try JPEGHeader.probe(path: path).header
        return ThumbnailSource(path: path, storedSize: PixelSize(width: header.storedWidth, height: header.storedHeight),
                               orientation: Orientation(exifValue: header.orientation))
    }
}

/// A fresh temporary folder, removed when the value goes away.
final class ScratchFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnails-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` in the folder and returns its path.
    @discardableResult
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// The names in the folder (or a subfolder), hidden ones included, sorted.
    func names(in subfolder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: subfolder.isEmpty ? path : url.appendingPathComponent(subfolder).path).sorted()
    }
}
