import Foundation
import TestSupport
import Imaging
import JPEG
import Testing
@testable import Thumbnails

/// Photos whose data is damaged in ways libjpeg decodes with a warning get the thumbnail libjpeg's
/// decode gives (what a browser shows), with the damage reported; before, each was refused.
@Suite struct DamagedPhotoTests {
    /// dragonfly.jpg: baseline 1600×1200, whole (it ends with the EOI marker FF D9).
    static func complete() throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: Repository.sampleImages.appendingPathComponent("dragonfly.jpg")))
        #expect(bytes.suffix(2) == [0xFF, 0xD9])
        return bytes
    }

    /// The grid thumbnail (387 px, the whole height of the landscape photo) of `bytes`.
    static func thumbnail(of bytes: [UInt8], in folder: TemporaryFolder, name: String) throws -> RenderedThumbnail {
        let path = try folder.write(bytes, to: name)
        let source = ThumbnailSource(path: path, storedSize: PixelSize(width: 1600, height: 1200), orientation: .identity)
        return try ThumbnailPipeline.render(source, target: .square(side: 387))
    }

    /// Rows `rows` of `image`, as bytes.
    static func rows(_ image: PixelBuffer, _ rows: Range<Int>) -> ArraySlice<UInt8> {
        image.bytes[rows.lowerBound * image.width * 3 ..< rows.upperBound * image.width * 3]
    }

    /// Half the file, as an interrupted download leaves it: the thumbnail shows the top of the photo
    /// as the whole file does and grey below (libjpeg decodes the missing blocks as zero
    /// coefficients: level 128 in Y, Cb and Cr, RGB 128). The data ends about halfway down, so the
    /// top quarter is whole and the bottom quarter grey.
    @Test func truncatedFileGetsItsTopAndGrey() throws {
        let folder = try TemporaryFolder()
        let complete = try Self.complete()
        let whole = try Self.thumbnail(of: complete, in: folder, name: "whole.jpg")
        #expect(whole.damage == nil)
        let cut = try Self.thumbnail(of: Array(complete[..<(complete.count / 2)]), in: folder, name: "cut.jpg")
        #expect(cut.damage == .truncated)
        #expect(cut.pixels.size == PixelSize(width: 387, height: 387))
        #expect(Self.rows(cut.pixels, 0..<96) == Self.rows(whole.pixels, 0..<96))
        let bottom = Self.rows(cut.pixels, 290..<387)
        #expect(bottom.allSatisfy { (126...130).contains($0) }, "bottom quarter from \(bottom.min()!) to \(bottom.max()!)")
    }

    /// No EOI marker at the end (the last two bytes gone), and junk in its place: every row is in the
    /// file, so the thumbnail is the whole file's. Without the marker libjpeg reads past the end and
    /// warns; with junk after the data it finds the bits it needs and does not.
    @Test func missingEndMarkerKeepsEveryRow() throws {
        let folder = try TemporaryFolder()
        let complete = try Self.complete()
        let whole = try Self.thumbnail(of: complete, in: folder, name: "whole.jpg")
        let noEOI = try Self.thumbnail(of: Array(complete.dropLast(2)), in: folder, name: "no-eoi.jpg")
        #expect(noEOI.damage == .missingEndMarker)
        #expect(noEOI.pixels == whole.pixels)
        let junk = try Self.thumbnail(of: Array(complete.dropLast(2)) + Array("<html>404</html>".utf8), in: folder,
                                      name: "junk.jpg")
        #expect(junk.damage == nil)
        #expect(junk.pixels == whole.pixels)
    }

    /// Bytes after the EOI marker (cameras append data there, downloads garbage) are never read.
    @Test func trailingGarbageIsIgnored() throws {
        let folder = try TemporaryFolder()
        let complete = try Self.complete()
        let whole = try Self.thumbnail(of: complete, in: folder, name: "whole.jpg")
        let trailing = try Self.thumbnail(of: complete + [UInt8](repeating: 0xAB, count: 5000) + [0xFF, 0xD8, 0xFF],
                                          in: folder, name: "trailing.jpg")
        #expect(trailing.damage == nil)
        #expect(trailing.pixels == whole.pixels)
    }

    /// A few corrupt bytes in the last rows' data (a marker where data should be): libjpeg warns and
    /// decodes the rest of the scan as grey; the top of the photo is untouched.
    @Test func corruptBytesInTheLastRowsAreDrawnAndReported() throws {
        let folder = try TemporaryFolder()
        let complete = try Self.complete()
        var corrupt = complete
        let at = complete.count - 2000
        corrupt.replaceSubrange(at..<at + 4, with: [0xFF, 0xD9, 0xFF, 0xD9])
        let whole = try Self.thumbnail(of: complete, in: folder, name: "whole.jpg")
        let damaged = try Self.thumbnail(of: corrupt, in: folder, name: "corrupt.jpg")
        #expect(damaged.damage == .corruptData(message: "Corrupt JPEG data: premature end of data segment", count: 1))
        #expect(Self.rows(damaged.pixels, 0..<300) == Self.rows(whole.pixels, 0..<300))
        #expect(damaged.pixels != whole.pixels)
    }

    /// A progressive file cut short: libjpeg buffers every scan before the first row comes out, so
    /// the cut is found whatever the region; the thumbnail is made from the scans that are there.
    @Test func truncatedProgressiveFileGetsAThumbnail() throws {
        let folder = try TemporaryFolder()
        let complete = [UInt8](try Data(contentsOf: Repository.sampleImages.appendingPathComponent("sunset.jpg")))
        let path = try folder.write(Array(complete[..<(complete.count * 6 / 10)]), to: "sunset.jpg")
        let source = ThumbnailSource(path: path, storedSize: PixelSize(width: 1600, height: 1067), orientation: .identity)
        let rendered = try ThumbnailPipeline.render(source, target: .square(side: 100))
        #expect(rendered.damage == .truncated)
        #expect(rendered.pixels.size == PixelSize(width: 100, height: 100))
    }

    /// A batch job records the damage with the thumbnail it wrote.
    @Test func batchReportsTheDamage() throws {
        let folder = try TemporaryFolder()
        let complete = try Self.complete()
        let path = try folder.write(Array(complete[..<(complete.count / 2)]), to: "cut.jpg")
        let cache = try ThumbnailCache(root: folder.path + "/cache", variants: [.grid(64)])
        let job = ThumbnailJob(tag: 0, source: ThumbnailSource(path: path, storedSize: PixelSize(width: 1600, height: 1200),
                                                               orientation: .identity),
                               variant: .grid(64), relativePath: "grid-64/cut.jpg")
        guard case .made(let made) = ThumbnailBatch.make(job, in: cache, options: ThumbnailOptions()) else {
            Issue.record("the thumbnail was not made")
            return
        }
        #expect(made.damage == .truncated)
        #expect(made.width == 64 && made.height == 64)
        #expect(FileManager.default.fileExists(atPath: cache.path(of: "grid-64/cut.jpg")))
    }
}
