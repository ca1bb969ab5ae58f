import Foundation
import TestSupport
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// Thumbnails of a photo with four coloured corners, under each EXIF orientation: every corner
/// of the thumbnail has the colour the upright photo shows there.
@Suite struct OrientationPixelTests {
    static let red = RGB(red: 220, green: 20, blue: 20)
    static let green = RGB(red: 20, green: 200, blue: 20)
    static let blue = RGB(red: 20, green: 20, blue: 220)
    static let yellow = RGB(red: 230, green: 220, blue: 20)

    /// The stored photo: 96×64, quadrants of 48×32 — top-left red, top-right green, bottom-left
    /// blue, bottom-right yellow. (Quadrant edges fall on 16-pixel MCU boundaries, so JPEG keeps
    /// the colours flat away from them.)
    static func storedPhoto() throws -> [UInt8] {
        try TestPhotos.jpeg(width: 96, height: 64) { x, y in
            switch (x < 48, y < 32) {
            case (true, true): return red
            case (false, true): return green
            case (true, false): return blue
            case (false, false): return yellow
            }
        }
    }

    /// What the upright photo shows at its top-left, top-right, bottom-left and bottom-right
    /// corners, from the EXIF table (TIFF 6.0 / EXIF 2.3, tag 0x0112: where the stored 0th row
    /// and 0th column are shown):
    /// 1 row top, column left (as stored); 2 top/right (mirrored left–right); 3 bottom/right (half
    /// turn); 4 bottom/left (mirrored top–bottom); 5 left/top (rows become columns: the stored left
    /// column is the top row, read left to right); 6 right/top (the stored top row is the right
    /// column, the stored left column the top row, read right to left: a quarter turn clockwise);
    /// 7 right/bottom; 8 left/bottom (a quarter turn counter-clockwise).
    static let corners: [Int: [RGB]] = [
        1: [red, green, blue, yellow],
        2: [green, red, yellow, blue],
        3: [yellow, blue, green, red],
        4: [blue, yellow, red, green],
        5: [red, blue, green, yellow],
        6: [blue, red, yellow, green],
        7: [yellow, green, blue, red],
        8: [green, yellow, red, blue],
    ]

    /// The colour near each corner of `image` (3 pixels in), top-left, top-right, bottom-left, bottom-right.
    static func cornerColors(_ image: PixelBuffer) -> [RGB] {
        let w = image.width, h = image.height
        return [(3, 3), (w - 4, 3), (3, h - 4), (w - 4, h - 4)].compactMap { image.pixel(x: $0.0, y: $0.1) }
    }

    /// Each channel within 24 of the expected value (JPEG round trips and filtering near edges).
    static func close(_ a: RGB, _ b: RGB) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= 24 && abs(Int(a.green) - Int(b.green)) <= 24 && abs(Int(a.blue) - Int(b.blue)) <= 24
    }

    @Test(arguments: 1...8)
    func squareThumbnailCorners(_ orientation: Int) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(JPEGBytes.withEXIF(try Self.storedPhoto(), tiff: TIFFBuilder.orientationOnly(UInt16(orientation), bigEndian: false)), to: "photo.jpg")
        let source = try TestPhotos.source(path)
        #expect(source.orientation.rawValue == orientation)  // the APP1 segment was read

        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 32))
        #expect(rendered.pixels.size == PixelSize(width: 32, height: 32))
        let expected = try #require(Self.corners[orientation])
        let found = Self.cornerColors(rendered.pixels)
        #expect(zip(found, expected).allSatisfy(Self.close), "orientation \(orientation): \(found)")
    }

    /// The fit thumbnail keeps the whole photo, upright: 48×32 for EXIF 1–4, 32×48 for 5–8.
    @Test(arguments: 1...8)
    func fitThumbnailCornersAndShape(_ orientation: Int) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(JPEGBytes.withEXIF(try Self.storedPhoto(), tiff: TIFFBuilder.orientationOnly(UInt16(orientation), bigEndian: false)), to: "photo.jpg")
        let rendered = try ThumbnailPipeline.render(try TestPhotos.source(path), target: .fit(longSide: 48))
        let size = orientation >= 5 ? PixelSize(width: 32, height: 48) : PixelSize(width: 48, height: 32)
        #expect(rendered.pixels.size == size)
        let expected = try #require(Self.corners[orientation])
        let found = Self.cornerColors(rendered.pixels)
        #expect(zip(found, expected).allSatisfy(Self.close), "orientation \(orientation): \(found)")
    }

    /// Through the whole pipeline to a file: the encoded thumbnail decodes with the same corners.
    @Test(arguments: [1, 6, 8])
    func writtenThumbnailCorners(_ orientation: Int) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(JPEGBytes.withEXIF(try Self.storedPhoto(), tiff: TIFFBuilder.orientationOnly(UInt16(orientation), bigEndian: false)), to: "photo.jpg")
        let cache = try ThumbnailCache(root: folder.url.appendingPathComponent("cache").path, variants: [.grid(40)])
        let job = ThumbnailJob(tag: 0, source: try TestPhotos.source(path), variant: .grid(40), relativePath: "grid-40/a.jpg")
        guard case .made(let made) = ThumbnailBatch.make(job, in: cache, options: ThumbnailOptions()) else {
            Issue.record("the thumbnail was not made")
            return
        }
        #expect(made.width == 40 && made.height == 40)
        let decoded = try JPEGDecoder.decode(path: cache.path(of: "grid-40/a.jpg"))
        let image = try PixelBuffer(width: decoded.width, height: decoded.height, bytes: decoded.pixels)
        let expected = try #require(Self.corners[orientation])
        #expect(zip(Self.cornerColors(image), expected).allSatisfy(Self.close))
    }
}
