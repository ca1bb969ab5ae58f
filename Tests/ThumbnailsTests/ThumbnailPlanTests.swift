import Imaging
import Testing
@testable import Thumbnails

/// Plans worked out by hand. Notation: `ceil(a/d)` is libjpeg's decoded side at scale 1/d;
/// a DCT scale d is taken when the relevant decoded side is ≥ margin × target.
@Suite("Thumbnail plan")
struct ThumbnailPlanTests {
    private func plan(_ w: Int, _ h: Int, _ orientation: Orientation,
                      _ target: ThumbnailTarget, margin: Int) throws -> ThumbnailPlan {
        try ThumbnailPlan(storedSize: PixelSize(width: w, height: h), orientation: orientation,
                          target: target, margin: margin)
    }

    /// An upright (EXIF 1) photo.
    private func plan(_ w: Int, _ h: Int, _ target: ThumbnailTarget, margin: Int) throws -> ThumbnailPlan {
        try plan(w, h, .identity, target, margin: margin)
    }

    /// 4032×3024, 387 px square, margin 2 (needs a short side ≥ 774):
    /// 1/8 → 504×378 (378 < 774), 1/4 → 1008×756 (756 < 774), 1/2 → 2016×1512 (1512 ≥ 774) ⇒ 1/2.
    /// Centre square: side 1512, x = (2016 − 1512)/2 = 252.
    @Test func cameraPhotoSquareMarginTwo() throws {
        let p = try plan(4032, 3024, .square(side: 387), margin: 2)
        #expect(p.scaleDenominator == 2)
        #expect(p.decodedSize == PixelSize(width: 2016, height: 1512))
        #expect(p.crop == PixelRect(x: 252, y: 0, width: 1512, height: 1512))
        #expect(p.resampleSize == PixelSize(width: 387, height: 387))
        #expect(p.outputSize == PixelSize(width: 387, height: 387))
        #expect(p.needsResampling)
        // Exact region: ((4032 − 3024)/2 / 2, 0, 3024/2, 3024/2) — whole pixels here.
        #expect(p.sourceRegion == PixelRegion(x: 252, y: 0, width: 1512, height: 1512))
    }

    /// Margin 1 (needs ≥ 387): 1/8 → 378 < 387, 1/4 → 756 ≥ 387 ⇒ 1/4, 1008×756, x = (1008 − 756)/2 = 126.
    @Test func cameraPhotoSquareMarginOne() throws {
        let p = try plan(4032, 3024, .square(side: 387), margin: 1)
        #expect(p.scaleDenominator == 4)
        #expect(p.decodedSize == PixelSize(width: 1008, height: 756))
        #expect(p.crop == PixelRect(x: 126, y: 0, width: 756, height: 756))
        #expect(p.resampleSize == PixelSize(width: 387, height: 387))
    }

    /// Same photo with orientation 6 (stored 4032×3024, shown 3024×4032). Decoded 2016×1512 shows as
    /// 1512×2016; the visible square is display (0, 252, 1512, 1512); back to stored coordinates
    /// (EXIF 6: x = display y, y = H − display x − width) that is (252, 1512 − 0 − 1512 = 0, 1512, 1512):
    /// the same stored centre square, as it must be for a 90° turn of an even difference.
    @Test func cameraPhotoRotated() throws {
        let p = try plan(4032, 3024, .rotate90Clockwise, .square(side: 387), margin: 2)
        #expect(p.scaleDenominator == 2)
        #expect(p.decodedSize == PixelSize(width: 2016, height: 1512))
        #expect(p.crop == PixelRect(x: 252, y: 0, width: 1512, height: 1512))
        #expect(p.resampleSize == PixelSize(width: 387, height: 387))
        #expect(p.outputSize == PixelSize(width: 387, height: 387))
        // 1/4 with margin 1, like the upright photo.
        let q = try plan(4032, 3024, .rotate90Clockwise, .square(side: 387), margin: 1)
        #expect(q.scaleDenominator == 4 && q.crop == PixelRect(x: 126, y: 0, width: 756, height: 756))
        #expect(q.sourceRegion == PixelRegion(x: 126, y: 0, width: 756, height: 756))
    }

    /// 6000×1000 panorama, 387 square. Margin 2 (≥ 774): 1/8 → 125, 1/4 → 250, 1/2 → 500, all short;
    /// 1/1 → 1000 ⇒ full size, square 1000 at x = (6000 − 1000)/2 = 2500.
    /// Margin 1 (≥ 387): 1/2 → 3000×500 (500 ≥ 387, 1/4 gives 250) ⇒ square 500 at (3000 − 500)/2 = 1250.
    @Test func panoramaSquare() throws {
        let two = try plan(6000, 1000, .square(side: 387), margin: 2)
        #expect(two.scaleDenominator == 1)
        #expect(two.decodedSize == PixelSize(width: 6000, height: 1000))
        #expect(two.crop == PixelRect(x: 2500, y: 0, width: 1000, height: 1000))
        #expect(two.resampleSize == PixelSize(width: 387, height: 387))
        let one = try plan(6000, 1000, .square(side: 387), margin: 1)
        #expect(one.scaleDenominator == 2)
        #expect(one.decodedSize == PixelSize(width: 3000, height: 500))
        #expect(one.crop == PixelRect(x: 1250, y: 0, width: 500, height: 500))
        // A portrait panorama (1000×6000) crops vertically: y = (6000 − 1000)/2/2 = 1250.
        let tall = try plan(1000, 6000, .square(side: 387), margin: 1)
        #expect(tall.crop == PixelRect(x: 0, y: 1250, width: 500, height: 500))
        #expect(tall.sourceRegion == PixelRegion(x: 0, y: 1250, width: 500, height: 500))
    }

    /// Panorama fit within 1024, margin 2 (long side ≥ 2048): 1/4 → 1500 < 2048, 1/2 → 3000 ≥ 2048 ⇒ 1/2.
    /// Output: long 1024, short round(1000 · 1024 / 6000) = round(170.67) = 171.
    @Test func panoramaFit() throws {
        let p = try plan(6000, 1000, .fit(longSide: 1024), margin: 2)
        #expect(p.scaleDenominator == 2)
        #expect(p.crop == PixelRect(x: 0, y: 0, width: 3000, height: 500))
        #expect(p.sourceRegion == PixelRegion(x: 0, y: 0, width: 3000, height: 500))
        #expect(p.resampleSize == PixelSize(width: 1024, height: 171))
        #expect(p.outputSize == PixelSize(width: 1024, height: 171))
    }

    /// 300×200 into a 387 square: no DCT scale can keep 387 pixels (1/2 → 100), so 1/1; the photo
    /// is not enlarged: its centre square 200×200 at x = 50 is the thumbnail, with nothing to resample.
    @Test func smallPhotoIsNotEnlarged() throws {
        let square = try plan(300, 200, .square(side: 387), margin: 2)
        #expect(square.scaleDenominator == 1)
        #expect(square.crop == PixelRect(x: 50, y: 0, width: 200, height: 200))
        #expect(square.resampleSize == PixelSize(width: 200, height: 200))
        #expect(square.outputSize == PixelSize(width: 200, height: 200))
        #expect(!square.needsResampling)
        let fit = try plan(300, 200, .fit(longSide: 1024), margin: 1)
        #expect(fit.scaleDenominator == 1)
        #expect(fit.outputSize == PixelSize(width: 300, height: 200))
        #expect(!fit.needsResampling)
        // Shown upright as 200×300 with orientation 8: the fit keeps the display shape.
        let turned = try plan(300, 200, .rotate90CounterClockwise, .fit(longSide: 1024), margin: 1)
        #expect(turned.outputSize == PixelSize(width: 200, height: 300))
        #expect(turned.resampleSize == PixelSize(width: 300, height: 200))
    }

    /// Fit within 1024 for 4032×3024. Margin 2 needs a long side ≥ 2048: 1/8 → 504, 1/4 → 1008,
    /// 1/2 → 2016 — 2016 ≥ 2048? no — so 1/1 (4032). Margin 1 needs ≥ 1024: 1/4 → 1008 < 1024,
    /// 1/2 → 2016 ⇒ 1/2. Output 1024 × 3024·1024/4032 = 1024 × 768 exactly.
    @Test func cameraPhotoFit() throws {
        let two = try plan(4032, 3024, .fit(longSide: 1024), margin: 2)
        #expect(two.scaleDenominator == 1)
        #expect(two.decodedSize == PixelSize(width: 4032, height: 3024))
        #expect(two.crop == PixelRect(x: 0, y: 0, width: 4032, height: 3024))
        #expect(two.outputSize == PixelSize(width: 1024, height: 768))
        let one = try plan(4032, 3024, .fit(longSide: 1024), margin: 1)
        #expect(one.scaleDenominator == 2)
        #expect(one.crop == PixelRect(x: 0, y: 0, width: 2016, height: 1512))
        #expect(one.resampleSize == PixelSize(width: 1024, height: 768))
        // Orientation 6 shows it 3024×4032: output 768×1024, resampled 1024×768 before turning.
        let turned = try plan(4032, 3024, .rotate90Clockwise, .fit(longSide: 1024), margin: 1)
        #expect(turned.outputSize == PixelSize(width: 768, height: 1024))
        #expect(turned.resampleSize == PixelSize(width: 1024, height: 768))
    }

    /// 4001×3001, where the decoded sides round up: 1/8 → ceil(4001/8) = 501 × ceil(3001/8) = 376,
    /// 1/4 → 1001×751, 1/2 → 2001×1501. Margin 2 (≥ 774): 1/2; square 1501 at x = (2001 − 1501)/2 = 250.
    /// Margin 1 (≥ 387): 1/4 (751); square 751 at x = (1001 − 751)/2 = 125.
    @Test func oddSizesRoundUpLikeLibjpeg() throws {
        let two = try plan(4001, 3001, .square(side: 387), margin: 2)
        #expect(two.scaleDenominator == 2)
        #expect(two.decodedSize == PixelSize(width: 2001, height: 1501))
        #expect(two.crop == PixelRect(x: 250, y: 0, width: 1501, height: 1501))
        // Exact: stored square 3001 at x = (4001 − 3001)/2 = 500, halved: (250, 0, 1500.5, 1500.5).
        #expect(two.sourceRegion == PixelRegion(x: 250, y: 0, width: 1500.5, height: 1500.5))
        // Fit 1024 at 1/2 (2001 ≥ 2048? no → 1/1 for margin 2; margin 1: 1/2 since 2001 ≥ 1024, 1001 < 1024):
        // the region is the true extent 4001/2 × 3001/2, not the rounded-up 2001×1501.
        let fit = try plan(4001, 3001, .fit(longSide: 1024), margin: 1)
        #expect(fit.scaleDenominator == 2)
        #expect(fit.sourceRegion == PixelRegion(x: 0, y: 0, width: 2000.5, height: 1500.5))
        // round(3001 · 1024 / 4001) = round(768.05) = 768.
        #expect(fit.outputSize == PixelSize(width: 1024, height: 768))
        let one = try plan(4001, 3001, .square(side: 387), margin: 1)
        #expect(one.scaleDenominator == 4)
        #expect(one.decodedSize == PixelSize(width: 1001, height: 751))
        #expect(one.crop == PixelRect(x: 125, y: 0, width: 751, height: 751))
        #expect(ThumbnailPlan.decodedSize(of: PixelSize(width: 4001, height: 3001), scaleDenominator: 8)
                == PixelSize(width: 501, height: 376))
    }

    /// Where the rounding up decides the scale: 4119×3089, margin 1, 387 square. At 1/8 the short side is
    /// 3089/8 = 386.125: floor would say 386 < 387, but libjpeg outputs ceil = 387 ≥ 387 ⇒ 1/8,
    /// decoded ceil(4119/8) = 515 × 387, square 387 at x = (515 − 387)/2 = 64: already 387 px, no resampling.
    @Test func roundingUpCanAllowTheSmallerScale() throws {
        let p = try plan(4119, 3089, .square(side: 387), margin: 1)
        #expect(p.scaleDenominator == 8)
        #expect(p.decodedSize == PixelSize(width: 515, height: 387))
        #expect(p.crop == PixelRect(x: 64, y: 0, width: 387, height: 387))
        #expect(!p.needsResampling)
        // Exact: (4119 − 3089)/2 / 8 = 515/8 = 64.375, side 3089/8 = 386.125.
        #expect(p.sourceRegion == PixelRegion(x: 64.375, y: 0, width: 386.125, height: 386.125))
    }

    /// 301×200 into a 387 square: side 200, and the display offset (301 − 200)/2 = 50.5 rounds down to 50
    /// *in display coordinates*. Mapped back, the stored x is 50 when the stored columns run left to
    /// right on screen (EXIF 1, 4, and 5, 6 where they run top to bottom) and 301 − 50 − 200 = 51 when
    /// they run right to left or bottom to top (EXIF 2, 3, 7, 8).
    @Test(arguments: [(Orientation.identity, 50), (.flipHorizontal, 51), (.rotate180, 51), (.flipVertical, 50),
                      (.transpose, 50), (.rotate90Clockwise, 50), (.transverse, 51), (.rotate90CounterClockwise, 51)])
    func halfPixelOffsetRoundsDownOnScreen(orientation: Orientation, storedX: Int) throws {
        let p = try plan(301, 200, orientation, .square(side: 387), margin: 2)
        #expect(p.crop == PixelRect(x: storedX, y: 0, width: 200, height: 200))
        #expect(p.outputSize == PixelSize(width: 200, height: 200))
        // The exact centre square does not depend on the orientation: x = 101/2 = 50.5.
        #expect(p.sourceRegion == PixelRegion(x: 50.5, y: 0, width: 200, height: 200))
    }

    /// The plan is consistent with the Imaging primitives: cropping the decoded stored image with
    /// `crop`, then orienting, gives the centre square of the oriented decoded image.
    @Test(arguments: Orientation.allCases)
    func cropIsTheCentreSquareOfTheOrientedImage(orientation: Orientation) throws {
        let p = try plan(9, 6, orientation, .square(side: 4), margin: 1)
        let decoded = try PixelBuffer(width: 9, height: 6) { x, y in RGB(red: UInt8(x), green: UInt8(y), blue: 0) }
        let shown = decoded.oriented(orientation)
        let side = 6
        let centre = PixelRect(x: (shown.width - side) / 2, y: (shown.height - side) / 2, width: side, height: side)
        #expect(try decoded.cropped(to: p.crop).oriented(orientation) == shown.cropped(to: centre))
        #expect(orientation.displaySize(forStoredSize: p.resampleSize) == p.outputSize)
    }

    @Test func rejectsBadInputs() throws {
        #expect(throws: ThumbnailPlanError.invalidStoredSize(PixelSize(width: 0, height: 10))) {
            try ThumbnailPlan(storedSize: PixelSize(width: 0, height: 10), orientation: .identity, target: .square(side: 10))
        }
        #expect(throws: ThumbnailPlanError.invalidStoredSize(PixelSize(width: 10, height: 1 << 21))) {
            try ThumbnailPlan(storedSize: PixelSize(width: 10, height: 1 << 21), orientation: .identity, target: .square(side: 10))
        }
        #expect(throws: ThumbnailPlanError.invalidTarget(.fit(longSide: -1))) {
            try ThumbnailPlan(storedSize: PixelSize(width: 10, height: 10), orientation: .identity, target: .fit(longSide: -1))
        }
        #expect(throws: ThumbnailPlanError.invalidMargin(0)) {
            try ThumbnailPlan(storedSize: PixelSize(width: 10, height: 10), orientation: .identity,
                              target: .square(side: 5), margin: 0)
        }
        // A margin so large that margin × target overflows just means "decode at full size".
        let huge = try ThumbnailPlan(storedSize: PixelSize(width: 100, height: 80), orientation: .identity,
                                      target: .square(side: 50), margin: Int.max)
        #expect(huge.scaleDenominator == 1)
    }

    /// The default margin is docs/commands.md's 2× (`photogrid thumbs`).
    @Test func defaultMarginIsTwo() throws {
        let p = try ThumbnailPlan(storedSize: PixelSize(width: 4032, height: 3024), orientation: .identity,
                                  target: .square(side: 387))
        #expect(p.margin == 2 && p.scaleDenominator == 2)
    }
}
