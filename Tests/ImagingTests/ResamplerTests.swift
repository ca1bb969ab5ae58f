import ImageQuality
import Testing
@testable import Imaging

@Suite("Resampler")
struct ResamplerTests {
    @Test(arguments: ResamplingFilter.allCases)
    func constantImageStaysExactlyConstant(filter: ResamplingFilter) throws {
        let color = RGB(red: 17, green: 200, blue: 255)
        let image = try PixelBuffer(width: 61, height: 47, filledWith: color)
        for size in [PixelSize(width: 13, height: 9), PixelSize(width: 61, height: 20),
                     PixelSize(width: 20, height: 47), PixelSize(width: 150, height: 101), PixelSize(width: 1, height: 1)] {
            let out = try image.resampled(to: size, filter: filter)
            #expect(out == (try PixelBuffer(width: size.width, height: size.height, filledWith: color)), "\(size)")
        }
    }

    /// A 1-pixel checkerboard halved: every output pixel covers two black and two white pixels,
    /// and the symmetric kernel pairs each black tap with a white one of equal weight, so the
    /// interior is flat at the mean 127.5 (stored as 127 or 128 depending on where the rounding
    /// remainder of the Q14 weights went). Outputs whose kernel reaches past the border see the
    /// clamped (repeated) edge instead of the pattern, so the check keeps to the interior:
    /// Lanczos-3 at 2× reaches 6 source pixels = 3 outputs, Mitchell 4 = 2.
    @Test(arguments: ResamplingFilter.allCases)
    func halvedCheckerboardIsTheFlatMean(filter: ResamplingFilter) throws {
        let board = try TestImages.gray(width: 64, height: 48) { x, y in (x + y) % 2 == 0 ? 0 : 255 }
        let out = try board.resampled(to: PixelSize(width: 32, height: 24), filter: filter)
        let margin = filter == .lanczos3 ? 3 : 2
        var interior = Set<UInt8>()
        for y in margin..<(24 - margin) {
            for x in margin..<(32 - margin) { interior.insert(out.pixel(x: x, y: y)?.red ?? 0) }
        }
        #expect(interior.count == 1)
        #expect(interior.isSubset(of: [127, 128]))
    }

    /// Horizontal ramp v = 2x shrunk 4×: output i is centred at source position 4i + 2, where the
    /// ramp (pixel j = 2j at centre j + ½) is 2·(4i + 2 − ½) = 8i + 3.
    @Test(arguments: ResamplingFilter.allCases)
    func linearRampStaysLinearWhenShrinking(filter: ResamplingFilter) throws {
        let reach = filter == .lanczos3 ? 3 : 2       // outputs within the kernel's reach of an edge
        let across = try TestImages.gray(width: 128, height: 4) { x, _ in 2 * x }
        let acrossOut = try across.resampled(to: PixelSize(width: 32, height: 4), filter: filter)
        let down = try TestImages.gray(width: 5, height: 128) { _, y in 2 * y }
        let downOut = try down.resampled(to: PixelSize(width: 5, height: 32), filter: filter)
        for i in reach..<(32 - reach) {
            #expect(abs(TestImages.row(acrossOut, 2)[i] - (8 * i + 3)) <= 1, "column \(i)")
            #expect(abs(TestImages.column(downOut, 3)[i] - (8 * i + 3)) <= 1, "row \(i)")
        }
    }

    /// Ramp v = 16x of 16 pixels enlarged 4×: output i is centred at source position (i + ½)/4,
    /// value 16·((i + ½)/4 − ½) = 4i − 6.
    @Test(arguments: ResamplingFilter.allCases)
    func linearRampStaysLinearWhenEnlarging(filter: ResamplingFilter) throws {
        let reach = filter == .lanczos3 ? 12 : 8      // 3 or 2 source pixels = 12 or 8 outputs
        let ramp = try TestImages.gray(width: 16, height: 16) { x, y in 16 * x + 0 * y }
        let out = try ramp.resampled(to: PixelSize(width: 64, height: 64), filter: filter)
        for i in reach..<(64 - reach) {
            #expect(abs(TestImages.row(out, 30)[i] - (4 * i - 6)) <= 1, "column \(i)")
        }
        // Rows are unchanged by a horizontal ramp: every row equals row 0.
        for y in 1..<64 { #expect(TestImages.row(out, y) == TestImages.row(out, 0)) }
    }

    /// A hard black/white step makes both kernels overshoot (Lanczos rings); results clamp to
    /// 0…255 instead of wrapping: the white side never turns dark and the black side never light.
    @Test(arguments: ResamplingFilter.allCases)
    func overshootClampsInsteadOfWrapping(filter: ResamplingFilter) throws {
        let step = try TestImages.gray(width: 40, height: 40) { x, y in (x < 20) == (y < 20) ? 0 : 255 }
        for size in [PixelSize(width: 130, height: 130), PixelSize(width: 17, height: 17), PixelSize(width: 10, height: 10)] {
            let out = try step.resampled(to: size, filter: filter)
            let half = size.width / 2
            for y in 0..<size.height {
                for x in 0..<size.width {
                    // Quadrants away from the step lines by one output pixel.
                    if abs(x - half) < 2 || abs(y - half) < 2 { continue }
                    let v = Int(out.pixel(x: x, y: y)?.red ?? 0)
                    if (x < half) == (y < half) { #expect(v <= 64, "\(size) (\(x), \(y)) = \(v)") }
                    else { #expect(v >= 191, "\(size) (\(x), \(y)) = \(v)") }
                }
            }
            // Far from the step the flat regions are exact.
            #expect(out.pixel(x: 0, y: 0)?.red == 0)
            #expect(out.pixel(x: size.width - 1, y: 0)?.red == 255)
        }
    }

    /// Anti-aliasing: 1-pixel black/white stripes (0.5 cycles per pixel) shrunk 4× lie far above the
    /// output's Nyquist limit and must become flat grey. Nearest-neighbour sampling would give pure
    /// black or white (every 4th column has the same colour), a box of the wrong phase stripes.
    /// The stretched kernels average them out; outputs whose kernel reaches past the border see
    /// the repeated edge column (black on the left) and are excluded (Lanczos-3 reaches 12 source
    /// pixels = 3 outputs, Mitchell 8 = 2).
    @Test(arguments: ResamplingFilter.allCases)
    func finestStripesBecomeUniformGray(filter: ResamplingFilter) throws {
        let stripes = try TestImages.gray(width: 256, height: 12) { x, _ in x % 2 == 0 ? 0 : 255 }
        let reach = filter == .lanczos3 ? 3 : 2
        let quarter = try stripes.resampled(to: PixelSize(width: 64, height: 3), filter: filter)
        for x in reach..<(64 - reach) {
            #expect(abs(Double(TestImages.row(quarter, 1)[x]) - 127.5) < 8, "4×, column \(x)")
        }
        // A non-integer factor (3.7×): no phase symmetry to help, still flat.
        let uneven = try stripes.resampled(to: PixelSize(width: 69, height: 3), filter: filter)
        for x in reach..<(69 - reach) {
            #expect(abs(Double(TestImages.row(uneven, 1)[x]) - 127.5) < 8, "3.7×, column \(x)")
        }
        // Diagonal: the checkerboard shrunk 3.7× in both directions.
        let board = try TestImages.gray(width: 256, height: 256) { x, y in (x + y) % 2 == 0 ? 0 : 255 }
        let small = try board.resampled(to: PixelSize(width: 69, height: 69), filter: filter)
        for y in reach..<(69 - reach) {
            for x in reach..<(69 - reach) {
                #expect(abs(Double(small.pixel(x: x, y: y)?.red ?? 0) - 127.5) < 8, "board (\(x), \(y))")
            }
        }
    }

    /// Against the exact area average on a smooth image, both filters agree to well above 40 dB.
    @Test(arguments: ResamplingFilter.allCases)
    func agreesWithAreaAverageOnSmoothImages(filter: ResamplingFilter) throws {
        let image = try TestImages.smooth(width: 640, height: 480)
        for size in [PixelSize(width: 173, height: 130), PixelSize(width: 160, height: 120), PixelSize(width: 387, height: 290)] {
            let reference = try image.areaAveraged(to: size)
            let psnr = try image.resampled(to: size, filter: filter).psnr(comparedWith: reference)
            #expect(psnr > 40, "\(size): \(psnr) dB")
        }
    }

    @Test(arguments: ResamplingFilter.allCases)
    func resamplingARectEqualsCroppingThenResampling(filter: ResamplingFilter) throws {
        let image = try TestImages.smooth(width: 120, height: 90)
        let rect = PixelRect(x: 17, y: 5, width: 80, height: 61)
        for size in [PixelSize(width: 31, height: 23), PixelSize(width: 80, height: 20),
                     PixelSize(width: 33, height: 61), PixelSize(width: 100, height: 70)] {
            let direct = try image.resampled(to: size, from: rect, filter: filter)
            let viaCrop = try image.cropped(to: rect).resampled(to: size, filter: filter)
            #expect(direct == viaCrop, "\(size)")
        }
    }

    @Test func sameSizeIsACopy() throws {
        let image = try TestImages.smooth(width: 30, height: 20)
        #expect(try image.resampled(to: image.size) == image)
        let rect = PixelRect(x: 3, y: 4, width: 10, height: 9)
        #expect(try image.resampled(to: rect.size, from: rect) == image.cropped(to: rect))
    }

    /// One-axis resamples leave the other axis untouched: a horizontal-only resample of an image
    /// whose rows differ keeps each row's level.
    @Test(arguments: ResamplingFilter.allCases)
    func oneAxisResamplesKeepTheOtherAxis(filter: ResamplingFilter) throws {
        let rows = try TestImages.gray(width: 50, height: 7) { _, y in 30 * y }
        let narrower = try rows.resampled(to: PixelSize(width: 13, height: 7), filter: filter)
        for y in 0..<7 { #expect(Set(TestImages.row(narrower, y)) == [30 * y]) }
        let columns = try TestImages.gray(width: 7, height: 50) { x, _ in 30 * x }
        let shorter = try columns.resampled(to: PixelSize(width: 7, height: 13), filter: filter)
        for x in 0..<7 { #expect(Set(TestImages.column(shorter, x)) == [30 * x]) }
    }

    /// Sizes where the SIMD row chunks (16 bytes) leave tails, 1-pixel images and extreme ratios.
    @Test(arguments: ResamplingFilter.allCases)
    func oddSizesAndExtremeRatios(filter: ResamplingFilter) throws {
        let image = try TestImages.smooth(width: 37, height: 23)
        for size in [PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 23), PixelSize(width: 37, height: 1),
                     PixelSize(width: 500, height: 2), PixelSize(width: 3, height: 300), PixelSize(width: 6, height: 5)] {
            let out = try image.resampled(to: size, filter: filter)
            #expect(out.size == size)
            #expect(out.bytes.count == size.width * size.height * 3)
        }
        let dot = try PixelBuffer(width: 1, height: 1, filledWith: RGB(red: 5, green: 6, blue: 7))
        #expect(try dot.resampled(to: PixelSize(width: 9, height: 4), filter: filter)
                == PixelBuffer(width: 9, height: 4, filledWith: RGB(red: 5, green: 6, blue: 7)))
    }

    @Test func rejectsBadSizesAndRects() throws {
        let image = try TestImages.abcdef()
        #expect(throws: ImagingError.invalidSize(PixelSize(width: 0, height: 5))) {
            try image.resampled(to: PixelSize(width: 0, height: 5))
        }
        #expect(throws: ImagingError.invalidSize(PixelSize(width: 1 << 40, height: 1 << 40))) {
            try image.resampled(to: PixelSize(width: 1 << 40, height: 1 << 40))
        }
        let outside = PixelRect(x: 2, y: 0, width: 2, height: 2)
        #expect(throws: ImagingError.rectOutsideImage(rect: outside, imageSize: image.size)) {
            try image.resampled(to: PixelSize(width: 1, height: 1), from: outside)
        }
        #expect(throws: ImagingError.rectOutsideImage(rect: outside, imageSize: image.size)) {
            try image.areaAveraged(to: PixelSize(width: 1, height: 1), from: outside)
        }
    }
}
