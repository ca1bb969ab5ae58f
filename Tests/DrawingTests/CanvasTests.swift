import Foundation
import TestSupport
import GridLayout
import Imaging
import JPEG
import Testing
@testable import Drawing
import Thumbnails

/// The compositor: fractional rectangles with antialiased edges, clipping, opacity, JPEG output.
@Suite struct CanvasTests {
    /// A JPEG of `width` × `height` whose pixel (x, y) is `pixel(x, y)`, by our own encoder.
    static func jpeg(width: Int, height: Int, quality: Int, pixel: (Int, Int) -> RGB) throws -> [UInt8] {
        let image = try PixelBuffer(width: width, height: height, pixel: pixel)
        return try JPEGEncoder.encode(rgb: image.bytes, width: width, height: height, quality: quality)
    }

    static let white = Canvas.Color.white

    /// The red channel of row `y`.
    static func row(_ canvas: Canvas, _ y: Int) -> [Int] {
        (0..<canvas.width).map { Int(canvas.color(x: $0, y: y)?.red ?? 0) }
    }

    @Test func backgroundAndSize() throws {
        let canvas = try Canvas(width: 3, height: 2, background: Canvas.Color(red: 1, green: 2, blue: 3))
        #expect(canvas.pixels == [1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3])
        #expect(canvas.color(x: 3, y: 0) == nil)
        #expect(throws: ThumbnailError.self) { _ = try Canvas(width: 0, height: 5) }
        #expect(throws: ThumbnailError.self) { _ = try Canvas(width: 20_000, height: 20_000) }
    }

    /// White over black from x = 0.5 to 2.25: pixel 0 is half covered (128 = 255 · ½ rounded),
    /// pixel 1 fully (255), pixel 2 a quarter (64 = 255 · ¼ rounded), pixel 3 not at all.
    @Test func fillCoversFractionalPixels() throws {
        var canvas = try Canvas(width: 4, height: 1)
        canvas.fill(Rect(x: 0.5, y: 0, width: 1.75, height: 1), color: Self.white)
        #expect(Self.row(canvas, 0) == [128, 255, 64, 0])
    }

    /// Opacity ½ over black: 128; the clip keeps only x ≥ 2.
    @Test func fillWithOpacityAndClip() throws {
        var canvas = try Canvas(width: 4, height: 1)
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 1), color: Self.white, clip: Rect(x: 2, y: 0, width: 5, height: 1), opacity: 0.5)
        #expect(Self.row(canvas, 0) == [0, 0, 128, 128])
        // Nothing happens for zero opacity, an empty or non-finite rect.
        let before = canvas.pixels
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 1), color: Self.white, opacity: 0)
        canvas.fill(Rect(x: 0, y: 0, width: 0, height: 1), color: Self.white)
        canvas.fill(Rect(x: .nan, y: 0, width: 4, height: 1), color: Self.white)
        canvas.fill(Rect(x: 0, y: 0, width: .infinity, height: 1), color: Self.white)
        #expect(canvas.pixels == before)
    }

    /// An image drawn at a fractional position: a 4×4 white image into (1.5, 1.5, 4, 4) on black:
    /// row 1 and column 1 are half covered (128), the corner pixel (1, 1) a quarter (64), the inside
    /// is white, and nothing is drawn outside the rectangle.
    @Test func imageAtFractionalPosition() throws {
        var canvas = try Canvas(width: 8, height: 8)
        try canvas.draw(try PixelBuffer(width: 4, height: 4, filledWith: RGB(gray: 255)), into: Rect(x: 1.5, y: 1.5, width: 4, height: 4))
        #expect(Self.row(canvas, 0) == [0, 0, 0, 0, 0, 0, 0, 0])
        #expect(Self.row(canvas, 1) == [0, 64, 128, 128, 128, 64, 0, 0])
        #expect(Self.row(canvas, 3) == [0, 128, 255, 255, 255, 128, 0, 0])
        #expect(Self.row(canvas, 5) == [0, 64, 128, 128, 128, 64, 0, 0])
        #expect(Self.row(canvas, 6) == [0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// Scaling: a 2×1 image (black, white) stretched over 8 pixels: black at the left edge, white
    /// at the right, rising in between, and symmetric (pixel i and pixel 7 − i sum to 255: the
    /// image's centre lands exactly on the canvas's x = 4).
    @Test func imageIsScaledToTheRectangle() throws {
        var canvas = try Canvas(width: 8, height: 1, background: Canvas.Color(red: 90, green: 90, blue: 90))
        let image = try PixelBuffer(width: 2, height: 1) { x, _ in RGB(gray: x == 0 ? 0 : 255) }
        try canvas.draw(image, into: Rect(x: 0, y: 0, width: 8, height: 1))
        let row = Self.row(canvas, 0)
        #expect(row[0] == 0 && row[7] == 255, "\(row)")
        #expect(row == row.sorted())
        #expect((0..<4).allSatisfy { row[$0] + row[7 - $0] == 255 }, "\(row)")
    }

    /// A JPEG from disk (with its EXIF orientation), clipped, half transparent, then written.
    @Test func drawJPEGAndWrite() throws {
        let folder = try TemporaryFolder()
        // Stored 16×8: left half red, right half blue; EXIF 6 shows it 8×16, red on top.
        let stored = try Self.jpeg(width: 16, height: 8, quality: 100) { x, _ in
            x < 8 ? RGB(red: 255, green: 0, blue: 0) : RGB(red: 0, green: 0, blue: 255)
        }
        let path = try folder.write(JPEGBytes.withEXIF(stored, tiff: TIFFBuilder.orientationOnly(6, bigEndian: false)), to: "photo.jpg")
        var canvas = try Canvas(width: 20, height: 40, background: .white)
        try canvas.draw(photoAt: path, into: Rect(x: 0, y: 0, width: 20, height: 40))
        let top = try #require(canvas.color(x: 10, y: 5)), bottom = try #require(canvas.color(x: 10, y: 35))
        #expect(top.red > 200 && top.blue < 50 && bottom.blue > 200 && bottom.red < 50)

        try canvas.draw(photoAt: path, into: Rect(x: 0, y: 0, width: 20, height: 40), clip: Rect(x: 0, y: 0, width: 10, height: 40), opacity: 0.5)
        let untouched = try #require(canvas.color(x: 15, y: 35))
        #expect(untouched == bottom)

        let output = folder.path + "/out.jpg"
        try canvas.write(to: output)
        let header = try JPEGHeader.probe(path: output).header
        #expect(header.storedWidth == 20 && header.storedHeight == 40)
        #expect(try folder.names() == ["out.jpg", "photo.jpg"])

        #expect(throws: ThumbnailError.self) {
            try canvas.draw(photoAt: folder.path + "/none.jpg", into: Rect(x: 0, y: 0, width: 5, height: 5))
        }
        // Nothing visible: the file is not even opened.
        try canvas.draw(photoAt: folder.path + "/none.jpg", into: Rect(x: 50, y: 0, width: 5, height: 5))
    }
}
