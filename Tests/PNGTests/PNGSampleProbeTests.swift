import Foundation
import PNG
import Testing
import TestSupport

/// The probe against exiftool's reading of the same files (computed in the test run).
@Suite struct PNGSampleProbeTests {
    static let samples = ["png/rgb8.png", "png/rgba16-interlaced.png", "png/palette-trns.png", "png/gray-alpha.png",
                          "png/gray-1bit.png", "png/exif-orientation6.png", "png/exif-after-idat.png"]

    @Test(.enabled(if: ExternalTool("exiftool") != nil, "exiftool is not installed (apt-get install libimage-exiftool-perl)"),
          arguments: samples)
    func headerMatchesExifTool(sample: String) throws {
        let path = FormatSamples.path(sample)
        let facts = try #require(try ExifToolFacts(path: path))
        let header = try PNGFileProbe.probe(path: path)
        #expect(header.storedWidth == facts.int("ImageWidth"))
        #expect(header.storedHeight == facts.int("ImageHeight"))
        #expect(header.bitDepth == facts.int("BitDepth"))
        #expect(header.colorType.rawValue == facts.int("ColorType"))
        #expect(header.isInterlaced == (facts.int("Interlace") == 1))
        #expect(header.orientation == (facts.int("Orientation") ?? 1))
        #expect(header.takenAt == facts.dateTimeOriginal)
    }

    /// The eXIf chunk after IDAT is found (the file is exif-orientation6.png with the chunk moved
    /// behind IDAT): orientation 6 swaps the display size of the 60×90 stored image.
    @Test func exifAfterIDATIsFound() throws {
        let header = try PNGFileProbe.probe(path: FormatSamples.path("png/exif-after-idat.png"))
        #expect(header.orientation == 6)
        #expect(header.takenAt == "2021-07-14T09:30:05")
        #expect((header.displayWidth, header.displayHeight) == (90, 60))
    }

    @Test func alphaIsReportedForAlphaChannelsAndTRNS() throws {
        #expect(try PNGFileProbe.probe(path: FormatSamples.path("png/palette-trns.png")).hasAlpha)
        #expect(try PNGFileProbe.probe(path: FormatSamples.path("png/gray-alpha.png")).hasAlpha)
        #expect(try !PNGFileProbe.probe(path: FormatSamples.path("png/rgb8.png")).hasAlpha)
    }
}
