import ImageQuality
import Testing
@testable import Imaging

@Suite("Resampling a continuous region")
struct RegionResamplingTests {
    /// The whole image as a region gives exactly the whole-image resample (same taps, same edges).
    @Test(arguments: ResamplingFilter.allCases)
    func wholeImageRegionEqualsWholeImageResample(filter: ResamplingFilter) throws {
        let image = try TestImages.smooth(width: 90, height: 70)
        for size in [PixelSize(width: 31, height: 23), PixelSize(width: 120, height: 41)] {
            #expect(try image.resampled(to: size, region: PixelRegion(x: 0, y: 0, width: 90, height: 70), filter: filter)
                    == image.resampled(to: size, filter: filter))
        }
    }

    /// Ramp v = 2x (pixel j centred at j + ½). The region (0.5, 0, 63, 4) at the same scale centres
    /// output i at 0.5 + i + 0.5 = i + 1, where the ramp is 2·(i + 1 − ½) = 2i + 1: a half-pixel
    /// shift, which a whole-pixel crop cannot express. Both kernels reproduce linear functions.
    @Test(arguments: ResamplingFilter.allCases)
    func halfPixelShift(filter: ResamplingFilter) throws {
        let ramp = try TestImages.gray(width: 64, height: 4) { x, _ in 2 * x }
        let out = try ramp.resampled(to: PixelSize(width: 63, height: 4),
                                     region: PixelRegion(x: 0.5, y: 0, width: 63, height: 4), filter: filter)
        let reach = filter == .lanczos3 ? 3 : 2
        for i in reach..<(63 - reach) {
            #expect(abs(TestImages.row(out, 1)[i] - (2 * i + 1)) <= 1, "column \(i)")
        }
    }

    /// Shrinking a fractional region: ramp v = 2x, region (10.25, 0, 100, 8) → 25 pixels (4×):
    /// output i is centred at 10.25 + 4i + 2, ramp value 2·(12.25 + 4i − ½) = 8i + 23.5.
    @Test(arguments: ResamplingFilter.allCases)
    func shrinkingAFractionalRegion(filter: ResamplingFilter) throws {
        let ramp = try TestImages.gray(width: 128, height: 8) { x, _ in 2 * x }
        let out = try ramp.resampled(to: PixelSize(width: 25, height: 2),
                                     region: PixelRegion(x: 10.25, y: 0, width: 100, height: 8), filter: filter)
        // The region's left edge is 10 pixels from the image's: even the first output's kernel
        // (reach 12 source pixels for Lanczos-3 at 4×) reads real pixels, except at the right edge.
        for i in 0..<22 {
            #expect(abs(Double(TestImages.row(out, 0)[i]) - (8 * Double(i) + 23.5)) <= 1, "column \(i)")
        }
    }

    /// The region resample agrees with the exact area average of the same region (> 40 dB on a smooth image).
    @Test(arguments: ResamplingFilter.allCases)
    func agreesWithAreaAverageOfTheRegion(filter: ResamplingFilter) throws {
        let image = try TestImages.smooth(width: 640, height: 480)
        let region = PixelRegion(x: 80.5, y: 0.25, width: 479.5, height: 479.5)
        let size = PixelSize(width: 173, height: 173)
        let psnr = try image.resampled(to: size, region: region, filter: filter)
            .psnr(comparedWith: image.areaAveraged(to: size, region: region))
        #expect(psnr > 40, "\(psnr) dB")
    }

    @Test(arguments: [
        PixelRegion(x: -0.5, y: 0, width: 2, height: 2),
        PixelRegion(x: 0, y: 0, width: 3.5, height: 2),
        PixelRegion(x: 0, y: 0.5, width: 3, height: 1.75),
        PixelRegion(x: 0, y: 0, width: 0, height: 2),
        PixelRegion(x: .nan, y: 0, width: 1, height: 1),
        PixelRegion(x: 0, y: 0, width: .infinity, height: 1),
    ])
    func rejectsRegionsOutsideTheImage(region: PixelRegion) throws {
        let image = try TestImages.abcdef()
        #expect(throws: ImagingError.self) { try image.resampled(to: PixelSize(width: 2, height: 2), region: region) }
        #expect(throws: ImagingError.self) { try image.areaAveraged(to: PixelSize(width: 2, height: 2), region: region) }
    }

    @Test func regionErrorNamesTheRegion() throws {
        let image = try TestImages.abcdef()
        let region = PixelRegion(x: 2.5, y: 0, width: 1, height: 1)
        #expect(throws: ImagingError.regionOutsideImage(region: region, imageSize: image.size)) {
            try image.resampled(to: PixelSize(width: 1, height: 1), region: region)
        }
    }

    /// Levels 0, 90, 180; the region (0.5, 0, 2, 1) covers half of pixel 0, pixel 1 and half of pixel 2.
    /// One output pixel: (0·½ + 90 + 180·½) / 2 = 90. Two: [0.5, 1.5) → (0 + 90)/2 = 45, [1.5, 2.5) → 135.
    @Test func areaAverageOfAFractionalRegion() throws {
        let image = try TestImages.gray(width: 3, height: 1) { x, _ in 90 * x }
        let region = PixelRegion(x: 0.5, y: 0, width: 2, height: 1)
        #expect(TestImages.row(try image.areaAveraged(to: PixelSize(width: 1, height: 1), region: region), 0) == [90])
        #expect(TestImages.row(try image.areaAveraged(to: PixelSize(width: 2, height: 1), region: region), 0) == [45, 135])
    }

    /// A whole-pixel region gives the integer area average (up to the last rounding of a tie).
    @Test func areaAverageOfAWholePixelRegionMatchesTheRectVersion() throws {
        let image = try TestImages.smooth(width: 50, height: 40)
        let rect = PixelRect(x: 7, y: 3, width: 30, height: 33)
        let size = PixelSize(width: 11, height: 9)
        let exact = try image.areaAveraged(to: size, from: rect)
        let viaRegion = try image.areaAveraged(to: size, region: PixelRegion(rect))
        for (a, b) in zip(exact.bytes, viaRegion.bytes) { #expect(abs(Int(a) - Int(b)) <= 1) }
    }
}
