import Foundation
import Testing
import TestSupport
import WebP

/// Decoding against dwebp's decode of the same file (alpha flattened on white by the test).
@Suite struct WebPDecoderTests {
    static let stills = ["webp/lossy.webp", "webp/lossless-alpha.webp", "webp/lossy-alpha.webp", "webp/exif-orientation8.webp"]

    @Test(.enabled(if: ExternalTool("dwebp") != nil, "dwebp is not installed (apt-get install webp)"), arguments: stills)
    func pixelsMatchDwebp(sample: String) throws {
        let path = FormatSamples.path(sample)
        let dwebp = try #require(ExternalTool("dwebp"))
        let reference = try #require(NetpbmImage([UInt8](try dwebp.run([path, "-pam", "-o", "-"]))))
        let decoded = try WebPDecoder.decode(path: path)
        #expect((decoded.width, decoded.height) == (reference.width, reference.height))
        let psnr = NetpbmImage.psnr(decoded.pixels, reference.rgb)
        #expect(psnr >= 45, "PSNR \(psnr) dB against dwebp")
    }

    /// Scaled while decoding: 160×120 to a long side of 40 is 40×30 (by hand), against dwebp -scale 40 30.
    @Test(.enabled(if: ExternalTool("dwebp") != nil, "dwebp is not installed (apt-get install webp)"),
          arguments: ["webp/lossy.webp", "webp/lossless-alpha.webp"])
    func scaledDecodeMatchesDwebp(sample: String) throws {
        let path = FormatSamples.path(sample)
        let decoded = try WebPDecoder.decode(path: path, longSide: 40)
        #expect((decoded.width, decoded.height, decoded.storedWidth, decoded.storedHeight) == (40, 30, 160, 120))
        let dwebp = try #require(ExternalTool("dwebp"))
        let reference = try #require(NetpbmImage([UInt8](try dwebp.run([path, "-scale", "40", "30", "-pam", "-o", "-"]))))
        let psnr = NetpbmImage.psnr(decoded.pixels, reference.rgb)
        #expect(psnr >= 35, "PSNR \(psnr) dB against dwebp -scale")
    }

    /// Portrait: 150×100 stored, long side 60 → 60×40; never enlarged: long side 1000 keeps 150×100.
    @Test func scaledSizes() throws {
        let path = FormatSamples.path("webp/exif-orientation8.webp")
        let small = try WebPDecoder.decode(path: path, longSide: 60)
        #expect((small.width, small.height) == (60, 40))
        let same = try WebPDecoder.decode(path: path, longSide: 1000)
        #expect((same.width, same.height) == (150, 100))
        #expect(throws: WebPError.invalidArgument(call: "WebPDecoder.decode", message: "longSide must be at least 1, not 0")) {
            try WebPDecoder.decode(path: path, longSide: 0)
        }
    }

    @Test func pixelLimitIsCheckedFromTheProbe() throws {
        #expect(throws: WebPError.overPixelLimit(width: 160, height: 120, limit: 19_199)) {
            try WebPDecoder.decode(path: FormatSamples.path("webp/lossy.webp"), pixelLimit: 19_199)
        }
    }

    /// Animated: the probe gives the 80×60 canvas (vipsheader says the same); decoding gives the first
    /// frame on it — the pixels of frame 1 as webpmux extracts it and dwebp decodes it, not frame 2's
    /// (the sample's frames are a picture and its negative).
    @Test(.enabled(if: ExternalTool("dwebp") != nil && ExternalTool("webpmux") != nil, "dwebp or webpmux is not installed (apt-get install webp)"))
    func animatedGivesItsFirstFrame() throws {
        let path = FormatSamples.path("webp/animated.webp")
        let header = try WebPFileProbe.probe(path: path)
        #expect(header.isAnimated && (header.storedWidth, header.storedHeight) == (80, 60))
        let decoded = try WebPDecoder.decode(path: path, longSide: 40)
        #expect((decoded.width, decoded.height) == (80, 60))
        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let webpmux = try #require(ExternalTool("webpmux")), dwebp = try #require(ExternalTool("dwebp"))
        var frames: [NetpbmImage] = []
        for number in [1, 2] {
            let frame = scratch.appendingPathComponent("frame\(number).webp").path
            _ = try webpmux.run(["-get", "frame", "\(number)", path, "-o", frame])
            frames.append(try #require(NetpbmImage([UInt8](try dwebp.run([frame, "-pam", "-o", "-"])))))
        }
        #expect(NetpbmImage.psnr(decoded.pixels, frames[0].rgb) >= 45)
        #expect(NetpbmImage.psnr(decoded.pixels, frames[1].rgb) < 20)
    }
}
