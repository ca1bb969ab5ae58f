import Foundation
import Imaging
import ImageFormats
import Testing
import TestSupport
@testable import Thumbnails

/// A HEIC's own thumbnail item stands in for the primary image when it keeps the plan's margin, as
/// libjpeg's DCT scale does for a JPEG.
@Suite struct HEIFThumbnailItemTests {
    /// The smallest decode that keeps a margin of 2, worked out by hand: an iPhone's 4032×3024 for a
    /// 387 px square needs a short side of 774, so 1032×774 (4032 × 774 / 3024 = 1032); for a fit of
    /// long side 387, a long side of 774 and 3024 × 774 / 4032 = 580.5, rounded up to 581. A target
    /// the photo cannot keep the margin for needs the whole photo.
    @Test(arguments: [
        (4032, 3024, ThumbnailTarget.square(side: 387), 1032, 774),
        (4032, 3024, ThumbnailTarget.fit(longSide: 387), 774, 581),
        (3024, 4032, ThumbnailTarget.square(side: 100), 200, 267),
        (600, 450, ThumbnailTarget.square(side: 387), 600, 450),
        (600, 450, ThumbnailTarget.square(side: 225), 600, 450),
        (600, 450, ThumbnailTarget.square(side: 100), 267, 200),
    ])
    func reducedDecodeMinimum(width: Int, height: Int, target: ThumbnailTarget, minimumWidth: Int, minimumHeight: Int) throws {
        let plan = try ThumbnailPlan(storedSize: PixelSize(width: width, height: height), orientation: .identity,
                                     target: target, scaleDenominators: [1])
        let minimum = ThumbnailPipeline.reducedDecodeMinimum(for: plan)
        #expect((minimum.width, minimum.height) == (minimumWidth, minimumHeight))
    }

    /// thumbnail-item.heic: 600×450 with a 320×240 thumbnail item (heif-enc -t 320). A 100 px square
    /// needs 267×200, so it comes from the item; a 200 px square needs 534×400, so from the primary.
    /// Both are the centre square ImageMagick cuts from heif-convert's decode of the primary.
    @Test(.enabled(if: ExternalTool("heif-convert") != nil && ExternalTool("convert-im6.q16") != nil,
                   "heif-convert or convert-im6.q16 is missing (apt-get install libheif-examples imagemagick)"),
          arguments: [100, 200])
    func thumbnailsFromEitherImageAreTheCentreSquare(side: Int) throws {
        let path = FormatSamples.path("heif/thumbnail-item.heic")
        let source = ThumbnailSource(pathBytes: Array(path.utf8), storedSize: PixelSize(width: 600, height: 450),
                                     orientation: .identity, format: .heic)
        let made = try ThumbnailPipeline.render(source, target: .square(side: side)).pixels
        #expect((made.width, made.height) == (side, side))
        let scratch = try FormatSamples.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let png = scratch.appendingPathComponent("primary.png").path
        _ = try #require(ExternalTool("heif-convert")).run([path, png])
        let magick = try #require(ExternalTool("convert-im6.q16"))
        let reference = try #require(NetpbmImage([UInt8](try magick.run(
            [png, "-gravity", "center", "-crop", "450x450+0+0", "+repage", "-filter", "Lanczos",
             "-resize", "\(side)x\(side)!", "ppm:-"]))))
        // From the primary 28 dB or more; from the item (heif-enc's unfiltered, quality-50 scaling) 26.6 dB;
        // the item's region taken unscaled, or another crop, far less.
        let psnr = NetpbmImage.psnr(made.bytes, reference.rgb)
        #expect(psnr >= (side == 100 ? 25 : 28), "\(side) px: \(psnr) dB")
    }
}
