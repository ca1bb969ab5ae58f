import Foundation
import TestSupport
import Imaging
import JPEG
import Testing
@testable import Thumbnails

#if canImport(Glibc)
import Glibc
#endif

/// Files that are not what the index said, or not JPEGs: each is a clear, typed error. (Damaged
/// JPEGs that decode: `DamagedPhotoTests`; the pixel limit and bombs: `PixelLimitTests`.)
@Suite struct BadInputTests {
    /// A 64×48 photo with texture (so the scan data is long enough to cut).
    static func photo() throws -> [UInt8] {
        try TestPhotos.jpeg(width: 64, height: 48) { x, y in RGB(red: UInt8(x * 4), green: UInt8(y * 5), blue: UInt8((x ^ y) & 255)) }
    }

    static func source(_ path: String, width: Int = 64, height: Int = 48) -> ThumbnailSource {
        ThumbnailSource(path: path, storedSize: PixelSize(width: width, height: height), orientation: .identity)
    }

    @Test func pngDataIsNotAJPEG() throws {
        let folder = try TemporaryFolder()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let path = try folder.write(png, to: "picture.jpg")
        #expect(throws: ThumbnailError.jpeg(.notJPEG(detail: "PNG data"))) {
            _ = try ThumbnailPipeline.render(Self.source(path), target: .square(side: 16))
        }
    }

    @Test func emptyFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write([], to: "empty.jpg")
        #expect(throws: ThumbnailError.jpeg(.empty)) {
            _ = try ThumbnailPipeline.render(Self.source(path), target: .square(side: 16))
        }
    }

    @Test func missingFileIsAnOpenError() throws {
        #expect(throws: ThumbnailError.system(call: "open", path: "/nonexistent/photo.jpg", errno: ENOENT)) {
            _ = try ThumbnailPipeline.render(Self.source("/nonexistent/photo.jpg"), target: .square(side: 16))
        }
    }

    @Test func folderIsNotARegularFile() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ThumbnailError.notARegularFile(path: folder.path)) {
            _ = try ThumbnailPipeline.render(Self.source(folder.path), target: .square(side: 16))
        }
    }

    /// The file is not the version the index saw (size and mtime differ): refused.
    @Test func changedFileIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(try Self.photo(), to: "photo.jpg")
        var source = Self.source(path)
        source.expectedVersion = FileVersion(size: 1, modificationTimeNanoseconds: 2)
        #expect(throws: ThumbnailError.sourceChanged(path: path)) {
            _ = try ThumbnailPipeline.render(source, target: .square(side: 16))
        }
        // With the file's real size and mtime it is accepted, and they are reported back.
        var status = stat()
        #expect(stat(path, &status) == 0)
        let version = FileVersion(size: Int64(status.st_size),
                                  modificationTimeNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
        source.expectedVersion = version
        #expect(try ThumbnailPipeline.render(source, target: .square(side: 16)).sourceVersion == version)
    }

    /// The index said 64×48 but the file now holds a 32×24 photo: a size error, not a crash or a
    /// wrong crop.
    @Test func photoOfAnotherSizeIsRefused() throws {
        let folder = try TemporaryFolder()
        let other = try TestPhotos.jpeg(width: 32, height: 24) { _, _ in RGB(gray: 100) }
        let path = try folder.write(other, to: "photo.jpg")
        #expect(throws: ThumbnailError.sizeChanged(path: path, expected: PixelSize(width: 64, height: 48),
                                                   found: PixelSize(width: 32, height: 24))) {
            _ = try ThumbnailPipeline.render(Self.source(path), target: .square(side: 16))
        }
        // Bigger than indexed: the region fits, the size check still catches it.
        let bigger = try folder.write(try TestPhotos.jpeg(width: 128, height: 96) { _, _ in RGB(gray: 100) }, to: "bigger.jpg")
        #expect(throws: ThumbnailError.sizeChanged(path: bigger, expected: PixelSize(width: 64, height: 48),
                                                   found: PixelSize(width: 128, height: 96))) {
            _ = try ThumbnailPipeline.render(Self.source(bigger), target: .square(side: 16))
        }
    }

    /// Error messages are one line and name the file.
    @Test func messagesNameTheFile() {
        let errors: [ThumbnailError] = [
            .sourceChanged(path: "a/b.jpg"), .notARegularFile(path: "a/b.jpg"),
            .sizeChanged(path: "a/b.jpg", expected: PixelSize(width: 4, height: 3), found: PixelSize(width: 3, height: 4)),
        ]
        for error in errors {
            #expect(error.description.contains("a/b.jpg") && !error.description.contains("\n"))
        }
    }
}
