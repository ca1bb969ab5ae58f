import Foundation
import Testing
import TestSupport
@testable import PNG

/// The `eXIf` chunk after the image data is found in the file's last 64 KiB by its type and CRC, however
/// many IDAT chunks come before it (a camera-size PNG has hundreds, which the probe does not walk).
@Suite struct PNGExifAfterImageDataTests {
    /// The chunks of a PNG: (type, data), after the 8-byte signature.
    static func chunks(_ bytes: [UInt8]) -> [(String, [UInt8])] {
        var found: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            found.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
                          Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return found
    }

    /// A PNG of these chunks, each with its CRC.
    static func png(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, data) in chunks {
            let count = UInt32(data.count)
            bytes += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
            let body = Array(type.utf8) + data
            let crc = PNGChunkCRC.checksum(body)
            bytes += body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        }
        return bytes
    }

    /// The standard check values: CRC-32 of "123456789" is 0xCBF43926; every PNG's IEND chunk ends
    /// with AE 42 60 82.
    @Test func chunkCRCIsTheStandardOne() {
        #expect(PNGChunkCRC.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGChunkCRC.checksum(Array("IEND".utf8)) == 0xAE42_6082)
    }

    /// exif-after-idat.png with its image data split into 1-byte IDAT chunks: over 64 KiB of them
    /// before the eXIf chunk. libpng decodes it to the same pixels (it checks every chunk's CRC), and
    /// the probe still finds orientation 6 and the date, as in the unsplit file.
    @Test func exifAfterThousandsOfIDATChunksIsFound() throws {
        let original = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("png/exif-after-idat.png"))))
        let parts = Self.chunks(original)
        #expect(parts.map(\.0) == ["IHDR", "IDAT", "eXIf", "IEND"])
        let data = parts.filter { $0.0 == "IDAT" }.flatMap(\.1)
        let split = parts.flatMap { part -> [(String, [UInt8])] in part.0 == "IDAT" ? data.map { ("IDAT", [$0]) } : [part] }
        let bytes = Self.png(split)
        let exifOffset = try #require(bytes.indices.last { bytes[$0..<min($0 + 4, bytes.count)].elementsEqual("eXIf".utf8) })
        #expect(exifOffset > 1 << 16 && split.count > 5_000)

        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let path = try FormatSamples.write(bytes, as: "split.png", in: scratch)
        let header = try PNGFileProbe.probe(path: path)
        #expect(header.orientation == 6 && header.takenAt == "2021-07-14T09:30:05")
        #expect(header.warnings.isEmpty)
        let decoded = try PNGDecoder.decode(path: path)
        #expect(decoded.pixels == (try PNGDecoder.decode(path: FormatSamples.path("png/exif-after-idat.png"))).pixels)

        // The same eXIf with its CRC broken: ignored, with a warning.
        var broken = bytes
        broken[broken.count - 12 - 1] ^= 0xFF  // the last byte of the eXIf chunk's CRC (IEND is 12 bytes)
        let brokenPath = try FormatSamples.write(broken, as: "broken-crc.png", in: scratch)
        let ignored = try PNGFileProbe.probe(path: brokenPath)
        #expect(ignored.orientation == 1 && ignored.takenAt == nil)
        #expect(ignored.warnings == ["PNG: an eXIf chunk after the image data has a wrong CRC; ignored"])
    }
}
