import Testing
@testable import JPEG
import TestSupport

/// EXIF inside real JPEG files, through the probe.
@Suite("EXIF through the probe")
struct EXIFProbeTests {
    @Test(arguments: [false, true])
    func orientationNineBecomesOneWithAWarning(bigEndian: Bool) throws {
        let jpeg = JPEGBytes.withEXIF(try Repository.sample("wine-portrait.jpg"),
                                      tiff: TIFFBuilder.orientationOnly(9, bigEndian: bigEndian))
        let directory = try TemporaryFolder()
        let header = try JPEGHeader.probe(path: try directory.write(jpeg, to: "o9.jpg")).header
        #expect(header.orientation == 1)
        #expect(header.displayWidth == 1068)
        #expect(header.warnings == ["EXIF: orientation 9 is outside 1–8; using 1"])
    }

    @Test(arguments: [false, true])
    func dateAndOrientationInBothByteOrders(bigEndian: Bool) throws {
        let tiff = TIFFBuilder.withDate("2001:02:03 04:05:06", orientation: 8, bigEndian: bigEndian)
        let jpeg = JPEGBytes.withEXIF(try Repository.sample("wine-portrait.jpg"), tiff: tiff)
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.orientation == 8)
        #expect(header.displayWidth == 1600)
        #expect(header.displayHeight == 1068)
        #expect(header.takenAt == "2001-02-03T04:05:06")
        #expect(header.warnings == [])
    }

    /// An XMP APP1 before the Exif APP1: the probe takes the first APP1 that says "Exif".
    @Test func xmpBeforeExif() throws {
        var jpeg = JPEGBytes.withEXIF(try Repository.sample("wine-portrait.jpg"),
                                      tiff: TIFFBuilder.orientationOnly(3, bigEndian: false))
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)
        jpeg.insert(contentsOf: [0xFF, 0xE1, 0x00, UInt8(xmp.count + 2)] + xmp, at: 2)
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.orientation == 3)
    }

    @Test func emptyExifSegment() throws {
        let jpeg = JPEGBytes.withEXIF(try Repository.sample("wine-portrait.jpg"), tiff: [])
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.orientation == 1)
        #expect(header.warnings == ["EXIF: the TIFF header is truncated (0 bytes)"])
    }
}
