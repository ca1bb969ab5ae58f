import Testing
import EXIF
import TestSupport

/// The EXIF parser on TIFF blocks built by hand, in both byte orders.
@Suite("EXIF metadata")
struct EXIFMetadataTests {
    @Test(arguments: [false, true])
    func orientationAndDateInBothByteOrders(bigEndian: Bool) {
        let tiff = TIFFBuilder.withDate("2019:07:04 08:30:59", orientation: 6, bigEndian: bigEndian)
        #expect(tiff.count == 76)
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 6)
        #expect(exif.dateTimeOriginal == "2019-07-04T08:30:59")
        #expect(exif.warnings == [])
    }

    @Test(arguments: [false, true], [UInt16(1), 2, 3, 4, 5, 6, 7, 8])
    func everyValidOrientation(bigEndian: Bool, orientation: UInt16) {
        let exif = EXIFMetadata(tiff: TIFFBuilder.orientationOnly(orientation, bigEndian: bigEndian))
        #expect(exif.orientation == Int(orientation))
        #expect(exif.warnings == [])
    }

    @Test(arguments: [UInt16(0), 9, 255, 0x0100, 0xFFFF])
    func orientationOutsideOneToEightBecomesOne(value: UInt16) {
        let exif = EXIFMetadata(tiff: TIFFBuilder.orientationOnly(value, bigEndian: false))
        #expect(exif.orientation == 1)
        #expect(exif.warnings == ["EXIF: orientation \(value) is outside 1–8; using 1"])
    }

    @Test func orientationOfTheWrongTypeIsIgnored() {
        var builder = TIFFBuilder(bigEndian: true)
        builder.appendIFD([.init(tag: 0x0112, type: 4, count: 1, value: 6)])  // LONG, not SHORT
        let exif = EXIFMetadata(tiff: builder.bytes)
        #expect(exif.orientation == 1)
        #expect(exif.warnings.count == 1)
    }

    @Test func ifd0OffsetPastTheEnd() {
        var tiff = TIFFBuilder.orientationOnly(6, bigEndian: true)
        tiff[4...7] = [0x00, 0x00, 0x10, 0x00]  // IFD0 at 4096 in 26 bytes
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 1)
        #expect(exif.warnings == ["EXIF: IFD0 offset 4096 lies outside the 26-byte segment"])
    }

    @Test func ifd0OffsetNearUInt32Max() {
        var tiff = TIFFBuilder.orientationOnly(6, bigEndian: false)
        tiff[4...7] = [0xFE, 0xFF, 0xFF, 0xFF]  // 0xFFFFFFFE
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 1)
        #expect(exif.warnings.count == 1)
    }

    @Test func entryCountLargerThanTheSegment() {
        var tiff = TIFFBuilder.orientationOnly(3, bigEndian: true)
        tiff[8...9] = [0xFF, 0xFF]  // 65535 entries declared, one fits
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 3)
        #expect(exif.warnings == ["EXIF: IFD0 declares 65535 entries but only 1 fit in the segment"])
    }

    @Test func exifPointerPastTheEndKeepsOrientation() {
        var builder = TIFFBuilder(bigEndian: false)
        builder.appendIFD([TIFFBuilder.orientation(8), TIFFBuilder.exifPointer(100_000)])
        let exif = EXIFMetadata(tiff: builder.bytes)
        #expect(exif.orientation == 8)
        #expect(exif.dateTimeOriginal == nil)
        #expect(exif.warnings == ["EXIF: Exif IFD offset 100000 lies outside the 38-byte segment"])
    }

    @Test func exifPointerBackToIFD0IsALoop() {
        var builder = TIFFBuilder(bigEndian: true)
        builder.appendIFD([TIFFBuilder.orientation(5), TIFFBuilder.exifPointer(8)])
        let exif = EXIFMetadata(tiff: builder.bytes)
        #expect(exif.orientation == 5)
        #expect(exif.warnings == ["EXIF: the Exif IFD pointer refers back to IFD0"])
    }

    /// The Exif IFD points at itself as its DateTimeOriginal: the parser reads one value and stops.
    @Test func dateOffsetInsideTheIFDItself() {
        var builder = TIFFBuilder(bigEndian: false)
        builder.appendIFD([TIFFBuilder.exifPointer(26)])  // IFD0: 2 + 12 + 4 = 18 bytes → 26
        builder.appendIFD([TIFFBuilder.dateTimeOriginal(at: 26)])
        let exif = EXIFMetadata(tiff: builder.bytes)
        #expect(exif.dateTimeOriginal == nil)
        #expect(exif.warnings.count == 1)
    }

    @Test func dateOffsetPastTheEnd() {
        var tiff = TIFFBuilder.withDate("2019:07:04 08:30:59", orientation: 1, bigEndian: true)
        tiff = Array(tiff[..<66])  // cut inside the date (which starts at 56)
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.dateTimeOriginal == nil)
        #expect(exif.warnings == ["EXIF: DateTimeOriginal points outside the segment"])
    }

    @Test(arguments: ["2008:13:01 00:00:00", "2023:02:29 12:00:00", "2008:04:31 10:00:00",
                      "2008:04:20 24:00:00", "2008:04:20 19:60:06", "2008-04-20 19:12:06",
                      "0000:00:00 00:00:00", "2008:04:20T19:12:06", "abcd:ef:gh ij:kl:mn"])
    func invalidDatesBecomeNilWithAWarning(date: String) {
        let exif = EXIFMetadata(tiff: TIFFBuilder.withDate(date, orientation: 1, bigEndian: false))
        #expect(exif.dateTimeOriginal == nil)
        #expect(exif.warnings == ["EXIF: DateTimeOriginal \"\(date)\" is not a valid date and time"])
    }

    @Test func leapDay() {
        let exif = EXIFMetadata(tiff: TIFFBuilder.withDate("2024:02:29 23:59:59", orientation: 1, bigEndian: true))
        #expect(exif.dateTimeOriginal == "2024-02-29T23:59:59")
    }

    @Test func blankDateIsUnknownWithoutWarning() {
        let exif = EXIFMetadata(tiff: TIFFBuilder.withDate("    :  :     :  :  ", orientation: 1, bigEndian: true))
        #expect(exif.dateTimeOriginal == nil)
        #expect(exif.warnings == [])
    }

    @Test(arguments: [[UInt8](), [0x49, 0x49], [0x49, 0x49, 0x2A, 0x00, 0x08]])
    func truncatedTIFFHeader(tiff: [UInt8]) {
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 1)
        #expect(exif.warnings == ["EXIF: the TIFF header is truncated (\(tiff.count) bytes)"])
    }

    @Test func unknownByteOrder() {
        var tiff = TIFFBuilder.orientationOnly(6, bigEndian: true)
        tiff[0] = 0x58; tiff[1] = 0x58
        let exif = EXIFMetadata(tiff: tiff)
        #expect(exif.orientation == 1)
        #expect(exif.warnings == ["EXIF: unknown TIFF byte order 0x58 0x58"])
    }
}
