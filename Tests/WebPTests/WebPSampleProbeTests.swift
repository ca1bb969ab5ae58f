import Foundation
import Testing
import TestSupport
import WebP

/// The probe against exiftool's and webpinfo's reading of the same files (computed in the test run).
@Suite struct WebPSampleProbeTests {
    static let samples = ["webp/lossy.webp", "webp/lossless-alpha.webp", "webp/lossy-alpha.webp",
                          "webp/exif-orientation8.webp", "webp/animated.webp"]

    @Test(.enabled(if: ExternalTool("exiftool") != nil, "exiftool is not installed (apt-get install libimage-exiftool-perl)"),
          arguments: samples)
    func headerMatchesExifTool(sample: String) throws {
        let path = FormatSamples.path(sample)
        let facts = try #require(try ExifToolFacts(path: path))
        let header = try WebPFileProbe.probe(path: path)
        #expect(header.storedWidth == facts.int("ImageWidth"))
        #expect(header.storedHeight == facts.int("ImageHeight"))
        #expect(header.orientation == (facts.int("Orientation") ?? 1))
        #expect(header.takenAt == facts.dateTimeOriginal)
    }

    /// webpinfo's chunk report: alpha (ALPH chunk, VP8L alpha bit or VP8X flag), animation and format.
    @Test(.enabled(if: ExternalTool("webpinfo") != nil, "webpinfo is not installed (apt-get install webp)"),
          arguments: samples)
    func featuresMatchWebpinfo(sample: String) throws {
        let path = FormatSamples.path(sample)
        let report = try #require(ExternalTool("webpinfo")).text([path])
        let header = try WebPFileProbe.probe(path: path)
        #expect(header.hasAlpha == report.contains("Alpha: 1"))
        #expect(header.isAnimated == report.contains("Animation: 1"))
        if !header.isAnimated {
            #expect(header.format == (report.contains("Format: Lossless (2)") ? .lossless : .lossy))
        }
    }

    /// Orientation 8 swaps the 150×100 stored image to 100×150 (Portrait_8.jpg at 25 %).
    @Test func orientedDisplaySize() throws {
        let header = try WebPFileProbe.probe(path: FormatSamples.path("webp/exif-orientation8.webp"))
        #expect((header.storedWidth, header.storedHeight, header.orientation) == (150, 100, 8))
        #expect((header.displayWidth, header.displayHeight) == (100, 150))
        #expect(header.takenAt == "2019-02-03T04:05:06")
    }
}
