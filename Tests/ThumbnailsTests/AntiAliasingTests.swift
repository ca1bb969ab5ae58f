import Foundation
import TestSupport
import Imaging
import Testing
@testable import Thumbnails

/// Detail finer than a thumbnail can show must average out, not alias into stripes or moiré.
///
/// Vertical stripes of period `p` pixels shrunk by `s` have `s / p` cycles per thumbnail pixel;
/// at 1 or more (twice the thumbnail's Nyquist frequency) nothing of them can be shown, so a
/// correct thumbnail is flat at their mean. Point sampling gives black and white columns; a filter
/// too narrow for the shrink, or a DCT-scaled decode left with too little margin, gives bands.
@Suite struct AntiAliasingTests {
    /// 1536×256, vertical stripes: `period` columns, the first `dark` black, the rest white.
    static func stripes(period: Int, dark: Int) throws -> [UInt8] {
        try TestPhotos.jpeg(width: 1536, height: 256, quality: 100) { x, _ in
            x % period < dark ? RGB(gray: 0) : RGB(gray: 255)
        }
    }

    /// Smallest and largest grey level along a row in the middle of `image` (red channel; the
    /// stripes are grey), leaving out the two outermost columns: the resampler extends the image by
    /// repeating its edge pixels, so an edge output pixel sees extra copies of the edge stripe.
    /// That is the edge, not aliasing.
    static func range(_ image: PixelBuffer) -> ClosedRange<Int> {
        let y = image.height / 2
        let levels = (2..<(image.width - 2)).map { Int(image.bytes[(y * image.width + $0) * 3]) }
        return (levels.min() ?? 0)...(levels.max() ?? 255)
    }

    /// 1-pixel stripes (mean 127.5) shrunk 3×, 5×, 9× (decoded at 1/1, 1/2, 1/4 with the default
    /// DCT margin of 2): flat within 122…133.
    @Test(arguments: [512, 307, 170])
    func onePixelStripesBecomeFlatGrey(longSide: Int) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try Self.stripes(period: 2, dark: 1), to: "stripes.jpg")
        let image = try ThumbnailPipeline.render(try TestPhotos.source(path), target: .fit(longSide: longSide)).pixels
        let levels = Self.range(image)
        #expect(levels.lowerBound >= 122 && levels.upperBound <= 133, "fit \(longSide): \(levels)")
    }

    /// Period-3 stripes (1 black, 2 white columns: mean 170), which do not line up with the
    /// 8-pixel DCT blocks, shrunk 5× and 9× (1.7 and 3 cycles per thumbnail pixel): flat within
    /// 164…176. With a DCT margin of 1 the same photo decodes at 1/4 and 1/8 and the block
    /// arithmetic aliases the stripes into bands 46 and 27 levels deep.
    @Test(arguments: [307, 170])
    func periodThreeStripesBecomeFlat(longSide: Int) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try Self.stripes(period: 3, dark: 1), to: "stripes.jpg")
        let image = try ThumbnailPipeline.render(try TestPhotos.source(path), target: .fit(longSide: longSide)).pixels
        let levels = Self.range(image)
        #expect(levels.lowerBound >= 164 && levels.upperBound <= 176, "fit \(longSide): \(levels)")
    }

    /// A grid thumbnail (square) of 1-pixel stripes: the centre 256×256 square shrunk to 40 px.
    @Test func squareOfStripesIsFlat() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try Self.stripes(period: 2, dark: 1), to: "stripes.jpg")
        let image = try ThumbnailPipeline.render(try TestPhotos.source(path), target: .square(side: 40)).pixels
        #expect(image.size == PixelSize(width: 40, height: 40))
        let levels = Self.range(image)
        #expect(levels.lowerBound >= 122 && levels.upperBound <= 133, "\(levels)")
    }
}
