import Testing
@testable import Imaging

@Suite("PixelBuffer")
struct PixelBufferTests {
    @Test func storesPackedRGBRowMajor() throws {
        let buffer = try PixelBuffer(width: 2, height: 2, bytes: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        #expect(buffer.size == PixelSize(width: 2, height: 2))
        #expect(buffer.bytesPerRow == 6)
        #expect(buffer.pixel(x: 1, y: 0) == RGB(red: 4, green: 5, blue: 6))
        #expect(buffer.pixel(x: 0, y: 1) == RGB(red: 7, green: 8, blue: 9))
        #expect(buffer.pixel(x: 2, y: 0) == nil)
        #expect(buffer.pixel(x: 0, y: -1) == nil)
    }

    @Test func fillsWithOneColour() throws {
        let buffer = try PixelBuffer(width: 3, height: 1, filledWith: RGB(red: 9, green: 8, blue: 7))
        #expect(buffer.bytes == [9, 8, 7, 9, 8, 7, 9, 8, 7])
    }

    @Test func generatorVisitsEveryPixelOnce() throws {
        let buffer = try TestImages.abcdef()
        #expect(TestImages.labels(buffer) == [[10, 20, 30], [40, 50, 60]])
        #expect(buffer.pixel(x: 2, y: 1) == RGB(red: 60, green: 61, blue: 62))
    }

    @Test(arguments: [(0, 1), (1, 0), (-1, 5), (5, -1), (Int.max, 2), (1 << 40, 1 << 40)])
    func rejectsUnusableSizes(width: Int, height: Int) {
        #expect(throws: ImagingError.invalidSize(PixelSize(width: width, height: height))) {
            try PixelBuffer(width: width, height: height, filledWith: RGB(gray: 0))
        }
        #expect(throws: ImagingError.invalidSize(PixelSize(width: width, height: height))) {
            try PixelBuffer(width: width, height: height, bytes: [])
        }
    }

    @Test func rejectsWrongByteCount() {
        #expect(throws: ImagingError.byteCountMismatch(expected: 12, actual: 11)) {
            try PixelBuffer(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 11))
        }
        #expect(throws: ImagingError.byteCountMismatch(expected: 3, actual: 4)) {
            try PixelBuffer(width: 1, height: 1, bytes: [1, 2, 3, 4])
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(ImagingError.invalidSize(PixelSize(width: 0, height: 3)).description == "invalid pixel size 0×3")
        #expect(ImagingError.rectOutsideImage(rect: PixelRect(x: 1, y: 2, width: 3, height: 4),
                                              imageSize: PixelSize(width: 2, height: 2)).description
                == "rect (1, 2, 3, 4) is empty or outside the 2×2 image")
    }
}
