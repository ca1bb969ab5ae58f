import Testing
@testable import Imaging

@Suite("Area average")
struct AreaAverageTests {
    /// Levels 0, 90, 180 → 2 pixels: output 0 covers [0, 1.5) = pixel 0 and half of pixel 1,
    /// (0 + 45) / 1.5 = 30; output 1 covers [1.5, 3), (45 + 180) / 1.5 = 150.
    @Test func fractionalCoverageInOneDimension() throws {
        let image = try TestImages.gray(width: 3, height: 1) { x, _ in 90 * x }
        let out = try image.areaAveraged(to: PixelSize(width: 2, height: 1))
        #expect(TestImages.row(out, 0) == [30, 150])
    }

    /// 3×3 levels 9·(3y + x) → 2×2. Output (0, 0) covers pixels with weights 1, ½ (x) × 1, ½ (y):
    /// (0·1 + 9·½ + 27·½ + 36·¼) / 2.25 = 27 / 2.25 = 12; likewise (1, 0) = 54 / 2.25 = 24,
    /// (0, 1) = 108 / 2.25 = 48, (1, 1) = 135 / 2.25 = 60.
    @Test func fractionalCoverageInTwoDimensions() throws {
        let image = try TestImages.gray(width: 3, height: 3) { x, y in 9 * (3 * y + x) }
        let out = try image.areaAveraged(to: PixelSize(width: 2, height: 2))
        #expect(TestImages.labels(out) == [[12, 24], [48, 60]])
    }

    /// Box-aligned 2×: each output is the plain mean of its 2×2 block; halves round up.
    @Test func boxAlignedHalvingIsTheBlockMean() throws {
        let image = try TestImages.gray(width: 4, height: 2) { x, y in [[1, 2, 10, 20], [3, 4, 30, 41]][y][x] }
        let out = try image.areaAveraged(to: PixelSize(width: 2, height: 1))
        #expect(TestImages.row(out, 0) == [3, 25])   // 10/4 = 2.5 → 3; 101/4 = 25.25 → 25
        let board = try TestImages.gray(width: 10, height: 6) { x, y in (x + y) % 2 == 0 ? 0 : 255 }
        let flat = try board.areaAveraged(to: PixelSize(width: 5, height: 3))
        #expect(Set(TestImages.values(flat)) == [128])   // 127.5 everywhere, edges included
    }

    /// Enlarging 2 → 3: output 1 covers [⅔, 4⁄3), a third of each pixel: (0 + 100) / 2 = 50.
    @Test func enlarging() throws {
        let image = try TestImages.gray(width: 2, height: 1) { x, _ in 100 * x }
        #expect(TestImages.row(try image.areaAveraged(to: PixelSize(width: 3, height: 1)), 0) == [0, 50, 100])
    }

    @Test func rectIsTreatedAsTheWholeImage() throws {
        let image = try TestImages.smooth(width: 50, height: 40)
        let rect = PixelRect(x: 7, y: 3, width: 30, height: 30)
        #expect(try image.areaAveraged(to: PixelSize(width: 11, height: 11), from: rect)
                == image.cropped(to: rect).areaAveraged(to: PixelSize(width: 11, height: 11)))
        #expect(try image.areaAveraged(to: image.size) == image)
    }
}
