import Foundation
import Testing
@testable import JPEG
import PhotoGridSupport
import TestSupport

/// The file probe follows segment lengths (`probeFollowingSegments`) and skips the application
/// segments the header does not need; what it answers must be what libjpeg answers on the whole file.
@Suite struct SegmentProbeTests {
    /// A big-endian TIFF whose Exif IFD's DateTimeOriginal lies `padding` bytes further than usual,
    /// so that a parse of only the segment's first bytes cannot reach it.
    static func tiff(date: String, orientation: UInt16, padding: Int) -> [UInt8] {
        var builder = TIFFBuilder(bigEndian: true)
        builder.appendIFD([TIFFBuilder.orientation(orientation), TIFFBuilder.exifPointer(38)])
        builder.appendIFD([TIFFBuilder.dateTimeOriginal(at: UInt32(56 + padding))])
        builder.bytes += [UInt8](repeating: 0x41, count: padding) + Array(date.utf8) + [0]
        return builder.bytes
    }

    /// `bytes` with a segment `marker` + `payload` inserted before the segment at index `position`
    /// of `JPEGBytes.segments` (0: right after SOI).
    static func inserting(_ marker: UInt8, _ payload: [UInt8], before position: Int, in bytes: [UInt8]) -> [UInt8] {
        let segments = JPEGBytes.segments(bytes)
        let at = position < segments.count ? segments[position].offset : 2
        let length = payload.count + 2
        return Array(bytes[..<at]) + [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(bytes[at...])
    }

    /// Files of every shape the walk must handle: plain, big application segments, EXIF read whole or
    /// in part, and the shapes it hands back to the whole-prefix probe (junk, fill bytes, truncation).
    static func variants() throws -> [(String, [UInt8])] {
        let storm = try Repository.sample("storm-canon.jpg")          // JFIF + 10 KiB Canon EXIF
        let sea = try Repository.sample("infinite-sea-square.jpg")    // JFIF + small EXIF
        let plain = try Repository.sample("umang.jpg")                // JFIF only
        let app0 = JPEGBytes.segments(plain)[0]
        let noJFIF = Array(plain[..<2]) + Array(plain[(app0.offset + 2 + app0.length)...])  // Adobe decides the colour space
        var result: [(String, [UInt8])] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.samplePath("")).sorted() where name.hasSuffix(".jpg") {
            result.append((name, try Repository.sample(name)))
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.samplePath("orientation")).sorted() where name.hasSuffix(".jpg") {
            result.append(("orientation/" + name, try Repository.sample("orientation/" + name)))
        }
        let bigEXIF = JPEGBytes.withEXIF(plain, tiff: tiff(date: "2021:06:05 04:03:02", orientation: 6, padding: 40_000))
        let icc = [UInt8]("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 7, count: 60_000)
        let xmp = [UInt8]("http://ns.adobe.com/xap/1.0/\0".utf8) + [UInt8](repeating: 0x20, count: 5_000)
        result += [
            ("EXIF date 40 KB into its segment", bigEXIF),
            ("EXIF date past the head, then ICC and XMP", inserting(0xE2, icc, before: 2, in: inserting(0xE1, xmp, before: 2, in: bigEXIF))),
            ("storm + 3 × 60 KB APP2", (0..<3).reduce(storm) { bytes, _ in inserting(0xE2, icc, before: 2, in: bytes) }),
            ("APP2 before the EXIF", inserting(0xE2, icc, before: 0, in: storm)),
            ("two Exif segments: the first counts", inserting(0xE1, [UInt8]("Exif\0\0".utf8) + TIFFBuilder.orientationOnly(3, bigEndian: false), before: 0, in: storm)),
            ("Exif segment too short to be EXIF", inserting(0xE1, [UInt8]("Exif".utf8), before: 0, in: sea)),
            ("comment segments", inserting(0xFE, [UInt8]("hello".utf8), before: 1, in: inserting(0xFE, [UInt8](repeating: 9, count: 30_000), before: 0, in: sea))),
            ("Adobe APP14 after a big APP2", inserting(0xEE, [UInt8]("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0], before: 1, in: inserting(0xE2, icc, before: 0, in: noJFIF))),
            ("APP1 EXIF after the frame header", inserting(0xE1, [UInt8]("Exif\0\0".utf8) + TIFFBuilder.orientationOnly(8, bigEndian: true),
                                                          before: JPEGBytes.segments(plain).firstIndex { $0.marker == 0xC0 }! + 1, in: plain)),
            ("junk between segments", Array(storm[..<2]) + [0x00, 0x11] + Array(storm[2...])),
            ("fill bytes before a marker", Array(storm[..<2]) + [0xFF] + Array(storm[2...])),
            ("segment length 1", Array(storm[..<2]) + [0xFF, 0xE3, 0x00, 0x01] + Array(storm[2...])),
            ("cut inside the big APP2", Array(inserting(0xE2, icc, before: 2, in: storm)[..<40_000])),
            ("cut inside the tables", Array(inserting(0xE2, icc, before: 2, in: storm)[..<(JPEGBytes.startOfFrame(inserting(0xE2, icc, before: 2, in: storm))! + 5)])),
            ("cut right after SOI", Array(storm[..<2])),
            ("cut inside the EXIF", Array(bigEXIF[..<30_000])),
        ]
        return result
    }

    @Test func segmentWalkAnswersWhatTheWholePrefixProbeAnswers() throws {
        let directory = try TemporaryFolder()
        var walked = 0
        for (index, (name, bytes)) in try Self.variants().enumerated() {
            let path = try directory.write(bytes, to: "\(index).jpg")
            let whole = Result { () throws(JPEGError) -> JPEGHeader in
                let file = try ReadOnlyFile(jpeg: path)
                return try JPEGHeader.probeFromPrefix(file.descriptor, path: path)
            }
            let probed = Result { () throws(JPEGError) -> JPEGFileProbe in try JPEGHeader.probe(path: path) }
            #expect(probed.map(\.header) == whole, "\(name)")
            // The content key's digest is of the file's first 16 KiB and its last 4 KiB past them, whatever
            // was read after them.
            if case let .success(probe) = probed {
                let head = Array(bytes.prefix(16384)).withUnsafeBytes { PrefixDigest.fnv1a($0) }
                let tail = bytes.count > 16384 ? Array(bytes[max(16384, bytes.count - 4096)...]) : []
                #expect(probe.prefixDigest == (bytes.count > 16384 ? tail.withUnsafeBytes { PrefixDigest.fnv1a($0, continuing: head) } : head), "\(name)")
            }
            let file = try ReadOnlyFile(jpeg: path)
            let head = Array(bytes.prefix(16384))
            if (try? head.withUnsafeBytes { try JPEGHeader.probeFollowingSegments(file.descriptor, head: $0, path: path) }) != nil { walked += 1 }
        }
        // The plain shapes go through the walk (not all through the fallback).
        #expect(walked >= 25)
    }

    /// Numbers known from how the files were made: the EXIF date 40 KB into its segment, past big
    /// APP1/APP2 segments, is found, as are the orientation and the frame size.
    @Test func exifPastTheFirstBytesIsRead() throws {
        let plain = try Repository.sample("umang.jpg")
        let sized = JPEGBytes.patchingSize(plain, width: 1234, height: 567)
        let icc = [UInt8]("ICC_PROFILE\0".utf8) + [1, 1] + [UInt8](repeating: 7, count: 65_000)
        let bytes = Self.inserting(0xE2, icc, before: 2,
                                   in: JPEGBytes.withEXIF(sized, tiff: Self.tiff(date: "2021:06:05 04:03:02", orientation: 6, padding: 40_000)))
        let directory = try TemporaryFolder()
        let header = try JPEGHeader.probe(path: try directory.write(bytes, to: "big.jpg")).header
        #expect(header.storedWidth == 1234 && header.storedHeight == 567)
        #expect(header.orientation == 6)
        #expect(header.takenAt == "2021-06-05T04:03:02")
        #expect(header.warnings == [])
    }

    /// A frame header behind 300 application segments of 64 KiB (19.7 MB): the walk skips them by
    /// their lengths; reading a prefix would give up at 16 MiB.
    @Test func frameHeaderBehindManyApplicationSegmentsIsFound() throws {
        let sized = JPEGBytes.patchingSize(try Repository.sample("umang.jpg"), width: 2000, height: 1500)
        let filler = [UInt8](repeating: 0x55, count: 65_533)
        var bytes: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<300 { bytes += [0xFF, 0xE9, 0xFF, 0xFF] + filler }
        bytes += sized[2...]
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "deep.jpg")
        let header = try JPEGHeader.probe(path: path).header
        #expect(header.storedWidth == 2000 && header.storedHeight == 1500)
        let file = try ReadOnlyFile(jpeg: path)
        #expect(throws: JPEGError.self) { try JPEGHeader.probeFromPrefix(file.descriptor, path: path) }
    }
}
