import Testing
@testable import Imaging

@Suite("Crop")
struct CropTests {
    @Test func cropsTheRectsPixels() throws {
        let image = try TestImages.abcdef()
        let cropped = try image.cropped(to: PixelRect(x: 1, y: 0, width: 2, height: 2))
        #expect(TestImages.labels(cropped) == [[20, 30], [50, 60]])
        #expect(cropped.pixel(x: 1, y: 1) == TestImages.label(60))
    }

    @Test func cropOfOnePixel() throws {
        let image = try TestImages.abcdef()
        #expect(try image.cropped(to: PixelRect(x: 0, y: 1, width: 1, height: 1)).bytes == [40, 41, 42])
    }

    @Test func wholeImageCropIsTheImage() throws {
        let image = try TestImages.abcdef()
        #expect(try image.cropped(to: PixelRect(x: 0, y: 0, width: 3, height: 2)) == image)
    }

    @Test(arguments: [
        PixelRect(x: -1, y: 0, width: 1, height: 1),   // left of the image
        PixelRect(x: 0, y: -1, width: 1, height: 1),   // above
        PixelRect(x: 2, y: 0, width: 2, height: 1),    // one column too many
        PixelRect(x: 0, y: 1, width: 1, height: 2),    // one row too many
        PixelRect(x: 0, y: 0, width: 0, height: 1),    // empty
        PixelRect(x: 0, y: 0, width: 1, height: -1),   // negative
        PixelRect(x: 3, y: 0, width: 1, height: 1),    // starts at the right edge
        PixelRect(x: Int.max, y: 0, width: Int.max, height: 1),  // x + width overflows
        PixelRect(x: 1, y: 1, width: Int.max, height: Int.max),
    ])
    func rejectsRectsOutsideTheImage(rect: PixelRect) throws {
        let image = try TestImages.abcdef()
        #expect(throws: ImagingError.rectOutsideImage(rect: rect, imageSize: PixelSize(width: 3, height: 2))) {
            try image.cropped(to: rect)
        }
    }
}
