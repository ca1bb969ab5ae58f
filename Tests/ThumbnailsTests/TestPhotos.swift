import Foundation
import Imaging
import JPEG
@testable import Thumbnails

/// Photos generated for the tests with our own encoder, and a scratch folder to put them in.
enum TestPhotos {
    /// A JPEG of `width` × `height` whose pixel (x, y) is `pixel(x, y)` (quality 95, 4:2:0).
    static func jpeg(width: Int, height: Int, quality: Int = 95, pixel: (Int, Int) -> RGB) throws -> [UInt8] {
        let image = try PixelBuffer(width: width, height: height, pixel: pixel)
        return try JPEGEncoder.encode(rgb: image.bytes, width: width, height: height, quality: quality)
    }

    /// A source for a file written by the tests (its header tells the stored size and orientation).
    static func source(_ path: String) throws -> ThumbnailSource {
        let header = try JPEGHeader.probe(path: path).header
        return ThumbnailSource(path: path, storedSize: PixelSize(width: header.storedWidth, height: header.storedHeight),
                               orientation: Orientation(exifValue: header.orientation))
    }
}
