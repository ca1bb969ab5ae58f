#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import JPEG
import TestSupport

/// Bad files made by the tests themselves: each probe either throws a clear `JPEGError` or
/// returns the header; none crashes or hangs.
@Suite("Probing bad input")
struct BadInputProbeTests {
    @Test func zeroBytesIsEmpty() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write([], to: "empty.jpg")
        #expect(throws: JPEGError.empty) { try JPEGHeader.probe(path: path) }
        #expect(throws: JPEGError.empty) { try JPEGHeader.probe(bytes: []) }
    }

    @Test func textIsNotAJPEG() throws {
        let directory = try TemporaryFolder()
        let path = try directory.write(Array("hello, this is not a photo\n".utf8), to: "notes.jpg")
        #expect(throws: JPEGError.notJPEG(detail: "text")) { try JPEGHeader.probe(path: path) }
    }

    @Test func pngRenamedSaysPNG() throws {
        let directory = try TemporaryFolder()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        let path = try directory.write(png, to: "renamed.jpg")
        do {
            _ = try JPEGHeader.probe(path: path)
            Issue.record("a PNG probed as a JPEG")
        } catch {
            #expect(error == .notJPEG(detail: "PNG data"))
            #expect(error.description == "not a JPEG (PNG data)")
        }
    }

    @Test func missingFileNamesOpen() {
        #expect(throws: JPEGError.system(call: "open", path: "/nonexistent/photo.jpg", errno: ENOENT)) {
            try JPEGHeader.probe(path: "/nonexistent/photo.jpg")
        }
    }

    @Test func directoryNamesPread() throws {
        let directory = try TemporaryFolder()
        #expect(throws: JPEGError.system(call: "pread", path: directory.url.path, errno: EISDIR)) {
            try JPEGHeader.probe(path: directory.url.path)
        }
    }

    /// storm-canon.jpg's header ends with its SOS segment at offset 10772 + 2 + 12 = 10786
    /// (APP1 at 20, SOF0 at 10588, DHT up to 10772, see `JPEGBytes.segments`).
    @Test(arguments: [1, 2, 3, 4, 100, 10_449, 10_588, 10_600, 10_700, 10_785])
    func truncatedInsideTheHeader(length: Int) throws {
        let bytes = try Repository.sample("storm-canon.jpg")
        let directory = try TemporaryFolder()
        let path = try directory.write(Array(bytes[..<length]), to: "truncated.jpg")
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: length)) {
            try JPEGHeader.probe(path: path)
        }
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: length)) {
            try JPEGHeader.probe(bytes: Array(bytes[..<length]))
        }
    }

    /// Once the SOS header is complete, the header is known: truncated entropy data is the
    /// decoder's problem, not the probe's.
    @Test(arguments: [10_786, 10_787, 20_000, 60_000])
    func truncatedAfterTheHeader(length: Int) throws {
        let bytes = try Repository.sample("storm-canon.jpg")
        let directory = try TemporaryFolder()
        let path = try directory.write(Array(bytes[..<length]), to: "truncated.jpg")
        let header = try JPEGHeader.probe(path: path).header
        #expect(header.storedWidth == 1200)
        #expect(header.storedHeight == 800)
        #expect(header.takenAt == "2008-04-20T19:12:06")
    }

    @Test func hugeDeclaredSizeIsJustAHeader() throws {
        let bytes = JPEGBytes.patchingSize(try Repository.sample("dragonfly.jpg"), width: 60000, height: 60000)
        let directory = try TemporaryFolder()
        let header = try JPEGHeader.probe(path: try directory.write(bytes, to: "bomb.jpg")).header
        #expect(header.storedWidth == 60000)
        #expect(header.storedHeight == 60000)
    }

    @Test func zeroHeightIsALibjpegError() throws {
        let bytes = JPEGBytes.patchingSize(try Repository.sample("dragonfly.jpg"), width: 1600, height: 0)
        do {
            _ = try JPEGHeader.probe(bytes: bytes)
            Issue.record("a zero-height frame was accepted")
        } catch {
            guard case .libjpeg(let call, let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(call == "jpeg_read_header")
            #expect(message.hasPrefix("Empty JPEG image"), "\(message)")   // libjpeg's JERR_EMPTY_IMAGE
        }
    }

    @Test func soiFollowedByGarbageThrows() {
        let garbage: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0x00, count: 100)
        #expect(throws: JPEGError.self) { try JPEGHeader.probe(bytes: garbage) }
        let markers: [UInt8] = [0xFF, 0xD8, 0xFF, 0xD9]  // SOI EOI: tables-only, no image
        #expect(throws: JPEGError.self) { try JPEGHeader.probe(bytes: markers) }
    }

    /// A 70,000-byte APP2 and a 30,000-byte APP13 push the SOF past the first 64 KiB: the probe
    /// reads more and still finds the size, and the EXIF that comes first.
    @Test func startOfFrameBeyond64KiB() throws {
        var bytes = try Repository.sample("orientation/Landscape_6.jpg")
        // An APPn holds at most 65533 payload bytes: use two segments for 70,000.
        bytes = JPEGBytes.withFillerSegment(bytes, marker: 0xED, payloadLength: 30_000)
        bytes = JPEGBytes.withFillerSegment(bytes, marker: 0xE2, payloadLength: 35_000)
        bytes = JPEGBytes.withFillerSegment(bytes, marker: 0xE2, payloadLength: 35_000)
        bytes = JPEGBytes.withEXIF(bytes, tiff: TIFFBuilder.orientationOnly(6, bigEndian: true))
        let sof = try #require(JPEGBytes.startOfFrame(bytes))
        #expect(sof > 65536)
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "late-sof.jpg")
        let header = try JPEGHeader.probe(path: path).header
        #expect(header.storedWidth == 400)
        #expect(header.storedHeight == 600)
        #expect(header.orientation == 6)
        #expect(header.displayWidth == 600)

        // The same file cut inside the late SOF segment is truncated at its real length.
        let cut = try directory.write(Array(bytes[..<(sof + 6)]), to: "late-sof-cut.jpg")
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: sof + 6)) {
            try JPEGHeader.probe(path: cut)
        }
    }

    /// A file whose EXIF APP1 is cut off: the whole segment is needed, so this is truncation.
    @Test func truncatedInsideEXIF() throws {
        let bytes = try Repository.sample("storm-canon.jpg")
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: 5000)) {
            try JPEGHeader.probe(bytes: Array(bytes[..<5000]))
        }
    }
}
