import Foundation
import PNG
import Testing
import TestSupport

/// Decoding against ImageMagick's independent decode of the same file, flattened on white.
@Suite struct PNGDecoderTests {
    @Test(.enabled(if: ExternalTool("convert-im6.q16") != nil, "convert-im6.q16 is not installed (apt-get install imagemagick)"),
          arguments: PNGSampleProbeTests.samples)
    func pixelsMatchImageMagick(sample: String) throws {
        let path = FormatSamples.path(sample)
        let tool = try #require(ExternalTool("convert-im6.q16"))
        let reference = try #require(NetpbmImage([UInt8](try tool.run(
            [path, "-background", "white", "-alpha", "remove", "-alpha", "off", "-type", "TrueColor", "-depth", "8", "ppm:-"]))))
        let decoded = try PNGDecoder.decode(path: path)
        #expect((decoded.width, decoded.height) == (reference.width, reference.height))
        let psnr = NetpbmImage.psnr(decoded.pixels, reference.rgb)
        #expect(psnr >= 45, "PSNR \(psnr) dB against ImageMagick")
    }

    @Test func pixelLimitIsCheckedFromTheHeader() throws {
        #expect(throws: PNGError.overPixelLimit(width: 160, height: 120, limit: 19_199)) {
            try PNGDecoder.decode(path: FormatSamples.path("png/rgb8.png"), pixelLimit: 19_199)
        }
        #expect(try PNGDecoder.decode(path: FormatSamples.path("png/rgb8.png"), pixelLimit: 19_200).width == 160)
    }
}
