import ImageQuality
import Testing
@testable import Imaging

@Suite("PSNR")
struct PSNRTests {
    /// Every channel off by one: MSE 1, PSNR = 10·log10(255²) = 20·log10(255) = 48.1308 dB.
    @Test func offByOneEverywhere() throws {
        let a = try PixelBuffer(width: 8, height: 5, filledWith: RGB(red: 10, green: 100, blue: 200))
        let b = try PixelBuffer(width: 8, height: 5, filledWith: RGB(red: 11, green: 99, blue: 201))
        #expect(try a.meanSquaredError(comparedWith: b) == 1)
        #expect(abs(try a.psnr(comparedWith: b) - 48.1308) < 0.0001)
    }

    /// One channel of one of two pixels off by one: MSE 1/6, PSNR = 48.1308 + 10·log10(6) = 55.9123 dB.
    @Test func oneValueOffByOne() throws {
        let a = try PixelBuffer(width: 2, height: 1, bytes: [0, 0, 0, 0, 0, 0])
        let b = try PixelBuffer(width: 2, height: 1, bytes: [0, 0, 0, 0, 1, 0])
        #expect(abs(try a.psnr(comparedWith: b) - 55.9123) < 0.0001)
    }

    /// Black against white: MSE 255², 0 dB.
    @Test func blackAgainstWhite() throws {
        let black = try PixelBuffer(width: 3, height: 3, filledWith: RGB(gray: 0))
        let white = try PixelBuffer(width: 3, height: 3, filledWith: RGB(gray: 255))
        #expect(try black.psnr(comparedWith: white) == 0)
    }

    @Test func identicalImagesAreInfinite() throws {
        let image = try TestImages.smooth(width: 9, height: 4)
        #expect(try image.psnr(comparedWith: image) == .infinity)
    }

    @Test func sizesMustMatch() throws {
        let a = try PixelBuffer(width: 2, height: 3, filledWith: RGB(gray: 0))
        let b = try PixelBuffer(width: 3, height: 2, filledWith: RGB(gray: 0))
        #expect(throws: ImagingError.sizeMismatch(a.size, b.size)) { try a.psnr(comparedWith: b) }
    }
}
