import Foundation
import PNG
import Testing
import TestSupport

/// Generated broken files: each fails with its own typed error, never a crash.
@Suite final class PNGBrokenFileTests {
    let directory: URL
    let sample: [UInt8]

    init() throws {
        directory = try FormatSamples.scratchDirectory()
        sample = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("png/rgb8.png"))))
    }

    /// Each test's scratch folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    @Test func zeroBytes() throws {
        let path = try FormatSamples.write([], as: "empty.png", in: directory)
        #expect(throws: PNGError.empty) { try PNGFileProbe.probe(path: path) }
    }

    @Test func jpegNamedPNG() throws {
        let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("sunset.jpg"))))
        let path = try FormatSamples.write(jpeg, as: "photo.png", in: directory)
        #expect(throws: PNGError.notPNG(detail: "")) { try PNGFileProbe.probe(path: path) }
    }

    @Test func missingFile() {
        #expect(throws: PNGError.system(call: "open", path: "/nonexistent/x.png", errno: ENOENT)) {
            try PNGFileProbe.probe(path: "/nonexistent/x.png")
        }
    }

    /// Cut inside IHDR: the probe fails; cut inside IDAT: the probe works (it stops before IDAT) and
    /// the decode fails.
    @Test func truncated() throws {
        let short = try FormatSamples.write(Array(sample.prefix(20)), as: "short.png", in: directory)
        #expect(throws: PNGError.truncated(call: "png_read_info")) { try PNGFileProbe.probe(path: short) }
        let half = try FormatSamples.write(Array(sample.prefix(sample.count / 2)), as: "half.png", in: directory)
        #expect(try PNGFileProbe.probe(path: half).storedWidth == 160)
        #expect(throws: PNGError.self) { try PNGDecoder.decode(path: half) }
    }

    /// A flipped bit in IHDR's width: libpng's CRC check refuses it and names png_read_info.
    @Test func corruptIHDR() throws {
        var bytes = sample
        bytes[18] ^= 0x01
        let path = try FormatSamples.write(bytes, as: "corrupt.png", in: directory)
        do {
            _ = try PNGFileProbe.probe(path: path)
            Issue.record("a CRC error was accepted")
        } catch let error {
            guard case let .libpng(call, message) = error else { Issue.record("\(error)"); return }
            #expect(call == "png_read_info")
            #expect(message.contains("CRC"))
        }
    }

    /// IHDR declaring 100000×100000 (valid CRC) and one empty IDAT: the probe reports the size, the
    /// decode refuses it from the header, before allocating 30 GB.
    @Test func hugeDeclaredSize() throws {
        var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0]
        let crc = Self.crc32(ihdr)
        ihdr += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        let idat: [UInt8] = Array("IDAT".utf8)
        let idatCRC = Self.crc32(idat)
        let emptyIDAT = [0, 0, 0, 0] + idat + [UInt8(idatCRC >> 24), UInt8(idatCRC >> 16 & 0xFF), UInt8(idatCRC >> 8 & 0xFF), UInt8(idatCRC & 0xFF)]
        let bytes = Array(sample.prefix(8)) + [0, 0, 0, 13] + ihdr + emptyIDAT
        let path = try FormatSamples.write(bytes, as: "huge.png", in: directory)
        let header = try PNGFileProbe.probe(path: path)
        #expect((header.storedWidth, header.storedHeight) == (100_000, 100_000))
        #expect(throws: PNGError.overPixelLimit(width: 100_000, height: 100_000, limit: PNGDecoder.defaultPixelLimit)) {
            try PNGDecoder.decode(path: path)
        }
    }

    /// The PNG chunk CRC (CRC-32, polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
