import Foundation
import ImageFormats
import Testing
import TestSupport

/// `ImageFormat(signature:)`: a file's first bytes against the format its own specification says they
/// are. Each case cites the clause that names its bytes; the expected format is the
/// specification's, not what the code happens to return.
@Suite struct ImageFormatSignatureTests {
    /// One row of the table.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let format: ImageFormat?
        var testDescription: String { name }
        init(_ name: String, _ bytes: [UInt8], _ format: ImageFormat?) { (self.name, self.bytes, self.format) = (name, bytes, format) }
    }

    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
    static func le32(_ value: Int) -> [UInt8] { [0, 8, 16, 24].map { UInt8(value >> $0 & 0xFF) } }

    /// An ISO base media file's `FileTypeBox` (ISO/IEC 14496-12, 4.3 "File-type box"): size (32 bits, big
    /// endian, the whole box), `ftyp`, `major_brand`, `minor_version`, then `compatible_brands` to the end of
    /// the box — followed by `after` (the next box).
    static func ftyp(_ major: String, minor: Int = 0, _ compatible: [String], after: [UInt8] = be32(8) + ascii("meta")) -> [UInt8] {
        let brands = compatible.flatMap(ascii)
        return be32(16 + brands.count) + ascii("ftyp") + ascii(major) + be32(minor) + brands + after
    }

    static let cases: [Case] = [
        // JPEG — ITU-T T.81 | ISO/IEC 10918-1, Annex B: a file is SOI (X'FFD8', Table B.1) and then a marker
        // (X'FF' …): JFIF's APP0 (ITU-T T.871, X'FFE0'), Exif's APP1 (CIPA DC-008, X'FFE1'), or a table (DQT X'FFDB').
        Case("JPEG, JFIF APP0", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + ascii("JFIF") + [0, 1, 1], .jpeg),
        Case("JPEG, Exif APP1", [0xFF, 0xD8, 0xFF, 0xE1, 0x1F, 0xFE] + ascii("Exif") + [0, 0] + ascii("MM"), .jpeg),
        Case("JPEG, SOI then DQT", [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x43, 0x00], .jpeg),
        Case("JPEG, SOI and a marker's first byte: 3 bytes", [0xFF, 0xD8, 0xFF], .jpeg),
        Case("SOI alone: 2 bytes", [0xFF, 0xD8], nil),
        Case("SOI not followed by a marker", [0xFF, 0xD8, 0x00, 0xE0, 0x00, 0x10], nil),
        Case("EOI, not SOI", [0xFF, 0xD9, 0xFF, 0xE0], nil),
        // PNG — PNG Specification (W3C, Third Edition; ISO/IEC 15948), 5.2 "PNG signature": 137 80 78 71 13 10
        // 26 10, then the IHDR chunk (5.6: length 13, "IHDR").
        Case("PNG, signature and IHDR", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + ascii("IHDR") + be32(1) + be32(1), .png),
        Case("PNG signature alone: 8 bytes", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png),
        Case("PNG signature cut to 7 bytes", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A], nil),
        // 5.2's rationale: the CR-LF, Ctrl-Z and LF bytes detect a file passed through a text conversion.
        Case("PNG signature after a CR-LF to LF conversion", [0x89, 0x50, 0x4E, 0x47, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49], nil),
        Case("PNG signature after an LF to CR-LF conversion", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0D, 0x0A, 0x1A, 0x0D, 0x0A, 0x00, 0x00], nil),
        // WebP — RFC 9649, "RIFF Header": 'RIFF', the file size (32 bits, little endian), 'WEBP'; then the first
        // chunk: 'VP8 ' (simple lossy), 'VP8L' (simple lossless) or 'VP8X' (extended).
        Case("WebP, lossy", ascii("RIFF") + le32(1_234) + ascii("WEBPVP8 ") + le32(1_214), .webp),
        Case("WebP, lossless", ascii("RIFF") + le32(90) + ascii("WEBPVP8L") + le32(78), .webp),
        Case("WebP, extended", ascii("RIFF") + le32(2_000) + ascii("WEBPVP8X") + le32(10), .webp),
        Case("WebP header cut to 11 bytes", ascii("RIFF") + le32(1_234) + ascii("WEB"), nil),
        // The same RIFF container (Microsoft/IBM RIFF, 1991) holds other forms: WAVE audio, AVI video.
        Case("RIFF WAVE audio", ascii("RIFF") + le32(36) + ascii("WAVEfmt ") + le32(16), nil),
        Case("RIFF AVI video", ascii("RIFF") + le32(4_096) + ascii("AVI LIST") + le32(200), nil),
        // HEIC — ISO/IEC 23008-12 (HEIF): 'mif1' the image brand (10.2.1), 'msf1' the image sequence brand
        // (10.3.1); Annex B (HEVC in HEIF), its brands: 'heic' and 'heix' (images), 'hevc' and 'hevx' (sequences).
        Case("HEIC, iPhone (heic; mif1 MiHE MiPr miaf MiHB heic)", ftyp("heic", ["mif1", "MiHE", "MiPr", "miaf", "MiHB", "heic"]), .heic),
        Case("HEIC, major brand mif1, compatible heic", ftyp("mif1", ["mif1", "heic"]), .heic),
        Case("HEIC, heix (10-bit, 4:2:2)", ftyp("heix", ["mif1", "heix"]), .heic),
        Case("HEIF image sequence of HEVC (msf1; hevc)", ftyp("msf1", ["msf1", "hevc"]), .heic),
        Case("HEIF, the image brand alone", ftyp("mif1", ["mif1", "miaf"]), .heic),
        // AVIF — AV1 Image File Format (AOMedia, v1.1.0), "AVIF image and image collection brand" ('avif') and
        // "AVIF image sequence brand" ('avis'), each in the FileTypeBox's major or compatible brands.
        Case("AVIF, libavif (avif; avif mif1 miaf MA1B)", ftyp("avif", ["avif", "mif1", "miaf", "MA1B"]), .avif),
        Case("AVIF, major brand mif1, compatible avif", ftyp("mif1", ["mif1", "avif", "miaf"]), .avif),
        Case("AVIF image sequence (avis)", ftyp("avis", ["avis", "msf1", "miaf", "MA1B"]), .avif),
        // QuickTime — Apple's QuickTime File Format Specification: "File Type Compatibility Atom" ('ftyp', major
        // brand 'qt  '); a file may also begin with any top-level atom — a movie atom ('moov'), media data
        // ('mdat'), free space ('free', 'skip'), or the 'wide' atom that reserves room for a 64-bit mdat size.
        Case("QuickTime, ftyp qt", ftyp("qt  ", minor: 0x2005_0300, ["qt  "], after: be32(8) + ascii("wide")), .mov),
        Case("QuickTime, no ftyp: moov first", be32(1_000) + ascii("moov") + be32(108) + ascii("mvhd"), .mov),
        Case("QuickTime, no ftyp: mdat first", be32(50_000) + ascii("mdat") + [0, 0, 0, 1], .mov),
        Case("QuickTime, no ftyp: wide first", be32(8) + ascii("wide") + be32(4_096) + ascii("mdat"), .mov),
        Case("QuickTime, no ftyp: free first", be32(16) + ascii("free") + [UInt8](repeating: 0, count: 8), .mov),
        Case("QuickTime, no ftyp: skip first", be32(16) + ascii("skip") + [UInt8](repeating: 0, count: 8), .mov),
        // MP4 family — the brands of ISO/IEC 14496-12 ('isom', 'iso2' … 'iso6'), 14496-14 (MP4: 'mp41', 'mp42'),
        // 14496-15 ('avc1'), 3GPP TS 26.244 ('3gp4' … '3gp6'), 3GPP2 C.S0050 ('3g2a'), Apple's 'M4V ' (all in the
        // MP4 registration authority's brand list, mp4ra.org).
        Case("MP4, FFmpeg (isom; isom iso2 avc1 mp41)", ftyp("isom", minor: 512, ["isom", "iso2", "avc1", "mp41"], after: be32(8) + ascii("free")), .mp4),
        Case("MP4, mp42", ftyp("mp42", ["mp42", "isom"], after: be32(8) + ascii("moov")), .mp4),
        Case("M4V (iTunes)", ftyp("M4V ", minor: 1, ["M4V ", "M4A ", "mp42", "isom"]), .mp4),
        Case("3GP, Release 4", ftyp("3gp4", minor: 512, ["isom", "iso2", "3gp4"]), .mp4),
        Case("3GP, Release 6", ftyp("3gp6", ["3gp6", "isom"]), .mp4),
        Case("3G2", ftyp("3g2a", minor: 65_536, ["3g2a"]), .mp4),
        Case("MP4, fragmented (iso5)", ftyp("iso5", minor: 512, ["iso5", "iso6", "mp41"]), .mp4),
        // Compatible brands end with the box (14496-12, 4.3.2): a brand-like word in the next box is not one.
        Case("MP4 whose next box holds the word heic", ftyp("isom", [], after: be32(16) + ascii("freeheic") + ascii("avif")), .mp4),
        Case("ftyp of brands no format of ours has", ftyp("abcd", ["efgh", "ijkl"]), nil),
        Case("ftyp cut inside its major brand", be32(24) + ascii("ftyp") + ascii("hei"), nil),
        // Short and garbage input.
        Case("empty", [], nil),
        Case("one byte", [0xFF], nil),
        Case("zeros", [UInt8](repeating: 0, count: 64), nil),
        Case("text", ascii("not an image at all, just some text\n"), nil),
        Case("GIF", ascii("GIF89a") + [1, 0, 1, 0, 0x80, 0, 0], nil),
        Case("TIFF (little endian)", ascii("II") + [42, 0, 8, 0, 0, 0], nil),
        Case("BMP", ascii("BM") + le32(70) + [0, 0, 0, 0] + le32(54), nil),
        Case("PDF", ascii("%PDF-1.7\n"), nil),
    ]

    @Test(arguments: cases)
    func signature(_ row: Case) {
        #expect(ImageFormat(signature: row.bytes) == row.format)
        // A file goes on after its signature: what follows changes nothing.
        if row.format != nil {
            #expect(ImageFormat(signature: row.bytes + [UInt8](repeating: 0xAB, count: 100)) == row.format)
        }
    }

    /// The committed samples — each made by its format's own encoder or a camera (SampleImages/SOURCES.md) —
    /// read from their files (`ofFile`, the indexer's way) are the format their extension names.
    @Test func theSamplesAreTheFormatsTheirNamesSay() throws {
        let byExtension: [String: ImageFormat] = ["jpg": .jpeg, "png": .png, "webp": .webp, "heic": .heic, "avif": .avif, "mp4": .mp4]
        var seen: [ImageFormat: Int] = [:]
        for folder in [Repository.sampleImages, Repository.root.appendingPathComponent("Tests/FormatSamples")] {
            let walk = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in walk {
                guard let expected = byExtension[url.pathExtension.lowercased()] else { continue }
                let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
                #expect(descriptor >= 0, "\(url.path)")
                defer { close(descriptor) }
                #expect(ImageFormat.ofFile(descriptor: descriptor) == expected, "\(url.lastPathComponent)")
                seen[expected, default: 0] += 1
            }
        }
        #expect(Set(seen.keys) == Set(byExtension.values), "samples of every format: \(seen)")
    }
}
