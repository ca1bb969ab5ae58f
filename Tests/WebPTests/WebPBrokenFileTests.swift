import Foundation
import Testing
import TestSupport
import WebP

/// Generated broken files: each fails with its own typed error, never a crash.
@Suite final class WebPBrokenFileTests {
    let directory: URL
    let sample: [UInt8]

    init() throws {
        directory = try FormatSamples.scratchDirectory()
        sample = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("webp/lossy.webp"))))
    }

    /// Each test's scratch folder goes with it (Swift Testing makes one instance per test).
    deinit { try? FileManager.default.removeItem(at: directory) }

    @Test func zeroBytes() throws {
        let path = try FormatSamples.write([], as: "empty.webp", in: directory)
        #expect(throws: WebPError.empty) { try WebPFileProbe.probe(path: path) }
    }

    @Test func pngNamedWebP() throws {
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FormatSamples.path("png/rgb8.png"))))
        let path = try FormatSamples.write(png, as: "photo.webp", in: directory)
        #expect(throws: WebPError.notWebP(detail: "")) { try WebPFileProbe.probe(path: path) }
    }

    /// Cut after the VP8 frame header: the probe still has the size; the decode reports the truncation.
    @Test func truncated() throws {
        let path = try FormatSamples.write(Array(sample.prefix(sample.count / 2)), as: "half.webp", in: directory)
        #expect(try WebPFileProbe.probe(path: path).storedWidth == 160)
        #expect(throws: WebPError.libwebp(call: "WebPDecode", status: "VP8_STATUS_NOT_ENOUGH_DATA (the file is truncated)")) {
            try WebPDecoder.decode(path: path)
        }
        let short = try FormatSamples.write(Array(sample.prefix(16)), as: "short.webp", in: directory)
        #expect(throws: WebPError.libwebp(call: "WebPGetFeatures", status: "VP8_STATUS_NOT_ENOUGH_DATA (the file is truncated)")) {
            try WebPFileProbe.probe(path: short)
        }
    }

    /// The VP8 frame's start code (9D 01 2A at byte 23) broken: libwebp names the bitstream error.
    @Test func corruptFrameHeader() throws {
        var bytes = sample
        #expect(Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A])
        bytes[24] = 0xFF
        let path = try FormatSamples.write(bytes, as: "corrupt.webp", in: directory)
        #expect(throws: WebPError.libwebp(call: "WebPGetFeatures", status: "VP8_STATUS_BITSTREAM_ERROR")) {
            try WebPFileProbe.probe(path: path)
        }
    }

    /// A VP8L header declaring 16384×16384 (the format's largest; 14-bit sizes minus one) and no pixel
    /// data: the probe reports it, the decode refuses it from the probe under a limit of 2^26.
    @Test func hugeDeclaredSize() throws {
        // RIFF size, "WEBP", "VP8L", chunk size 5, signature 0x2F, then 14 bits width-1, 14 bits height-1.
        let bits: UInt32 = 16383 | 16383 << 14
        let payload: [UInt8] = [0x2F, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24 & 0xFF)]
        let bytes = Array("RIFF".utf8) + [18, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0] + payload + [0]
        let path = try FormatSamples.write(bytes, as: "huge.webp", in: directory)
        let header = try WebPFileProbe.probe(path: path)
        #expect((header.storedWidth, header.storedHeight) == (16384, 16384))
        #expect(throws: WebPError.overPixelLimit(width: 16384, height: 16384, limit: 1 << 26)) {
            try WebPDecoder.decode(path: path, pixelLimit: 1 << 26)
        }
    }
}
