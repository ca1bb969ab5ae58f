import Imaging
import TestSupport
import JPEG
import Testing
@testable import Thumbnails

#if canImport(Glibc)
import Glibc
#endif

/// The pixel limit counts what a decode holds after shrink-on-load, so phone photos of 108–200 MP
/// get thumbnails with the default options, while decompression bombs are still refused before
/// anything is allocated for their pixels.
@Suite struct PixelLimitTests {
    /// (Y, Cb, Cr) = (150, 100, 180) is, by the JFIF equations, R = 150 + 1.402·52 = 222.9,
    /// G = 150 − 0.344136·(−28) − 0.714136·52 = 122.5, B = 150 + 1.772·(−28) = 100.4.
    static let colour = (y: 150, cb: 100, cr: 180)
    static let expectedRGB: [Double] = [222.9, 122.5, 100.4]

    /// A 16000×12500 (200 MP) baseline photo, 1.2 MB on disk: its grid thumbnail (387 px) is decoded
    /// at 1/8 (2000×1563, so a 1563² region: 2.4 MP, 7.3 MB of RGB) and is the photo's colour. Before,
    /// the default limit (100 MP of stored size) refused it.
    @Test func twoHundredMegapixelPhotoGetsAThumbnailByDefault() throws {
        let folder = try TemporaryFolder()
        let c = Self.colour
        let bytes = FlatJPEG.make(width: 16000, height: 12500, y: c.y, cb: c.cb, cr: c.cr)
        #expect(bytes.count < 1_300_000)
        let path = try folder.write(bytes, to: "phone.jpg")
        let source = ThumbnailSource(path: path, storedSize: PixelSize(width: 16000, height: 12500), orientation: .identity)
        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 387))
        #expect(rendered.plan.scaleDenominator == 8)
        #expect(rendered.damage == nil)
        #expect(rendered.pixels.size == PixelSize(width: 387, height: 387))
        for (x, y) in [(0, 0), (193, 193), (386, 386), (386, 0)] {
            let pixel = try #require(rendered.pixels.pixel(x: x, y: y))
            for (value, expected) in zip([pixel.red, pixel.green, pixel.blue], Self.expectedRGB) {
                #expect(abs(Double(value) - expected) <= 2, "pixel (\(x), \(y)): \(pixel)")
            }
        }
    }

    /// An indexed 60000×60000 photo whose decoded region is above the limit is refused from the
    /// indexed size, before the file is even opened (the path does not exist: no open error). Its
    /// grid thumbnail decodes at 1/8: the whole 7500×7500 = 56,250,000 pixels are the square.
    @Test func regionAboveTheLimitIsRefusedBeforeOpening() throws {
        let source = ThumbnailSource(path: "/nonexistent/bomb.jpg", storedSize: PixelSize(width: 60000, height: 60000),
                                     orientation: .identity)
        #expect(throws: ThumbnailError.jpeg(.overPixelLimit(width: 60000, height: 60000, decodedPixels: 56_250_000,
                                                            coefficientPixels: 0, limit: 50_000_000))) {
            _ = try ThumbnailPipeline.render(source, target: .square(side: 387), options: ThumbnailOptions(pixelLimit: 50_000_000))
        }
        // With the default limit (256 MP) the same thumbnail would be decoded: the file is opened.
        #expect(throws: ThumbnailError.system(call: "open", path: "/nonexistent/bomb.jpg", errno: ENOENT)) {
            _ = try ThumbnailPipeline.render(source, target: .square(side: 387))
        }
        // A detail thumbnail of 8192 px needs 16,384 decoded pixels a side: 1/2 (30000² = 900 MP).
        #expect(throws: ThumbnailError.jpeg(.overPixelLimit(width: 60000, height: 60000, decodedPixels: 900_000_000,
                                                            coefficientPixels: 0, limit: 256_000_000))) {
            _ = try ThumbnailPipeline.render(source, target: .fit(longSide: 8192))
        }
    }

    /// A 64×48 file whose header declares 60000×60000 (whatever the index said) is refused by the
    /// decoder from its header: 4:2:0 at that size is 7500² luma + 2 × 3750² chroma = 84,375,000
    /// blocks, which need at least 84,375,000 bits (10.5 MB) of data, not a few kilobytes.
    @Test func bombHeaderIsRefusedByTheDecoder() throws {
        let folder = try TemporaryFolder()
        let photo = try TestPhotos.jpeg(width: 64, height: 48) { x, y in RGB(red: UInt8(x * 4), green: UInt8(y * 5), blue: 9) }
        let bomb = JPEGBytes.patchingSize(photo, width: 60000, height: 60000)
        let path = try folder.write(bomb, to: "bomb.jpg")
        let source = ThumbnailSource(path: path, storedSize: PixelSize(width: 64, height: 48), orientation: .identity)
        #expect(throws: ThumbnailError.jpeg(.tooLittleData(width: 60000, height: 60000, blocks: 84_375_000,
                                                           byteCount: bomb.count))) {
            _ = try ThumbnailPipeline.render(source, target: .square(side: 16))
        }
    }

    /// A lower limit refuses an ordinary photo from the indexed size. 64×48 as a 16 px square with
    /// margin 2 needs 32 decoded pixels a side, so it is decoded at 1/1; the exact square is x 8…56,
    /// widened by the Mitchell filter's reach (support 2 × the shrink 48/16 = 3, + 1 = 7 pixels) and
    /// clamped to the image: x 1…63, y 0…48, 62 × 48 = 2,976 pixels.
    @Test func limitIsInclusive() throws {
        let folder = try TemporaryFolder()
        let photo = try TestPhotos.jpeg(width: 64, height: 48) { x, y in RGB(red: UInt8(x * 4), green: UInt8(y * 5), blue: 9) }
        let path = try folder.write(photo, to: "small.jpg")
        let source = ThumbnailSource(path: path, storedSize: PixelSize(width: 64, height: 48), orientation: .identity)
        #expect(throws: ThumbnailError.jpeg(.overPixelLimit(width: 64, height: 48, decodedPixels: 2976,
                                                            coefficientPixels: 0, limit: 2975))) {
            _ = try ThumbnailPipeline.render(source, target: .square(side: 16), options: ThumbnailOptions(pixelLimit: 2975))
        }
        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 16), options: ThumbnailOptions(pixelLimit: 2976))
        #expect(rendered.pixels.size == PixelSize(width: 16, height: 16))
    }

    @Test func messagesSayWhatWasCounted() {
        #expect(ThumbnailError.jpeg(.overPixelLimit(width: 60000, height: 60000, decodedPixels: 56_250_000,
                                                    coefficientPixels: 0, limit: 50_000_000)).description
                == "60000×60000: decoding needs 56250000 pixels, more than the pixel limit of 50000000")
        #expect(ThumbnailError.jpeg(.overPixelLimit(width: 20000, height: 20000, decodedPixels: 6_250_000,
                                                    coefficientPixels: 400_000_000, limit: 256_000_000)).description
                == "20000×20000 progressive: decoding needs 406250000 pixels (6250000 decoded + 400000000 for the "
                + "whole image's coefficients), more than the pixel limit of 256000000")
    }
}
