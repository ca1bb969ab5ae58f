import Foundation
import Testing
import TestSupport
@testable import JPEG

/// The header facts of every sample photo, read by hand from the files (SampleImages/SOURCES.md,
/// `exiftool -ImageWidth -ImageHeight -Orientation# -EncodingProcess`).
struct SampleImageFacts: Sendable, CustomTestStringConvertible {
    var name: String
    var storedWidth: Int
    var storedHeight: Int
    var orientation: Int
    var displayWidth: Int
    var displayHeight: Int
    var progressive = false
    var takenAt: String? = nil

    var testDescription: String { name }

    static let all: [SampleImageFacts] = [
        .init(name: "wine-portrait.jpg", storedWidth: 1068, storedHeight: 1600, orientation: 1, displayWidth: 1068, displayHeight: 1600),
        .init(name: "aitzgorri.jpg", storedWidth: 1600, storedHeight: 1065, orientation: 1, displayWidth: 1600, displayHeight: 1065),
        .init(name: "friends-portrait.jpg", storedWidth: 1065, storedHeight: 1600, orientation: 1, displayWidth: 1065, displayHeight: 1600),
        .init(name: "sunset.jpg", storedWidth: 1600, storedHeight: 1067, orientation: 1, displayWidth: 1600, displayHeight: 1067, progressive: true),
        .init(name: "picosdeeuropa-panorama.jpg", storedWidth: 2400, storedHeight: 662, orientation: 1, displayWidth: 2400, displayHeight: 662),
        .init(name: "umang.jpg", storedWidth: 1600, storedHeight: 900, orientation: 1, displayWidth: 1600, displayHeight: 900),
        .init(name: "seeding-wide.jpg", storedWidth: 1600, storedHeight: 900, orientation: 1, displayWidth: 1600, displayHeight: 900, progressive: true),
        .init(name: "dragonfly.jpg", storedWidth: 1600, storedHeight: 1200, orientation: 1, displayWidth: 1600, displayHeight: 1200),
        .init(name: "infinite-sea-square.jpg", storedWidth: 1200, storedHeight: 1200, orientation: 1, displayWidth: 1200, displayHeight: 1200),
        // exiftool: [ExifIFD] DateTimeOriginal 2008:04:20 19:12:06, byte order II.
        .init(name: "storm-canon.jpg", storedWidth: 1200, storedHeight: 800, orientation: 1, displayWidth: 1200, displayHeight: 800, takenAt: "2008-04-20T19:12:06"),
        .init(name: "orientation/Landscape_1.jpg", storedWidth: 600, storedHeight: 400, orientation: 1, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_2.jpg", storedWidth: 600, storedHeight: 400, orientation: 2, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_3.jpg", storedWidth: 600, storedHeight: 400, orientation: 3, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_4.jpg", storedWidth: 600, storedHeight: 400, orientation: 4, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_5.jpg", storedWidth: 400, storedHeight: 600, orientation: 5, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_6.jpg", storedWidth: 400, storedHeight: 600, orientation: 6, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_7.jpg", storedWidth: 400, storedHeight: 600, orientation: 7, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Landscape_8.jpg", storedWidth: 400, storedHeight: 600, orientation: 8, displayWidth: 600, displayHeight: 400),
        .init(name: "orientation/Portrait_1.jpg", storedWidth: 400, storedHeight: 600, orientation: 1, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_2.jpg", storedWidth: 400, storedHeight: 600, orientation: 2, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_3.jpg", storedWidth: 400, storedHeight: 600, orientation: 3, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_4.jpg", storedWidth: 400, storedHeight: 600, orientation: 4, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_5.jpg", storedWidth: 600, storedHeight: 400, orientation: 5, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_6.jpg", storedWidth: 600, storedHeight: 400, orientation: 6, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_7.jpg", storedWidth: 600, storedHeight: 400, orientation: 7, displayWidth: 400, displayHeight: 600),
        .init(name: "orientation/Portrait_8.jpg", storedWidth: 600, storedHeight: 400, orientation: 8, displayWidth: 400, displayHeight: 600),
    ]
}

@Suite("Probing the sample photos")
struct SampleImageProbeTests {
    @Test(arguments: SampleImageFacts.all)
    func headerFacts(_ facts: SampleImageFacts) throws {
        let probe = try JPEGHeader.probe(path: Repository.samplePath(facts.name))
        let header = probe.header
        #expect(header.storedWidth == facts.storedWidth)
        #expect(header.storedHeight == facts.storedHeight)
        #expect(header.orientation == facts.orientation)
        #expect(header.displayWidth == facts.displayWidth)
        #expect(header.displayHeight == facts.displayHeight)
        #expect(header.isProgressive == facts.progressive)
        #expect(header.takenAt == facts.takenAt)
        #expect(header.components == 3)
        #expect(header.colorSpace == .ycbcr)
        #expect(!header.isArithmetic)
        #expect(header.warnings == [])
    }

    @Test(arguments: SampleImageFacts.all)
    func memoryProbeMatchesFileProbe(_ facts: SampleImageFacts) throws {
        let fromFile = try JPEGHeader.probe(path: Repository.samplePath(facts.name)).header
        let fromMemory = try JPEGHeader.probe(bytes: Repository.sample(facts.name))
        #expect(fromMemory == fromFile)
    }

    /// The digest is word-wise FNV-1a 64 of the first 16 KiB, continued over the last 4 KiB past them.
    /// Reference values computed independently with Python: `h = 0xcbf29ce484222325`; for each
    /// little-endian 8-byte word w of data[:16384]: `h = ((h ^ w) * 0x100000001b3) % 2**64`; then the same
    /// per trailing byte; then the same from that h over data[max(16384, len(data) - 4096):].
    @Test func prefixDigestIsWordFNV1aOfTheHeadAndTheTail() throws {
        let storm = try JPEGHeader.probe(path: Repository.samplePath("storm-canon.jpg"))
        #expect(storm.prefixDigest == 0x7bdc_a08d_160c_8921)
        let dragonfly = try JPEGHeader.probe(path: Repository.samplePath("dragonfly.jpg"))
        #expect(dragonfly.prefixDigest == 0xad9c_6399_9946_e8d3)
    }

    /// Two pictures whose first 16 KiB (a long comment first) and size are equal get two keys (issue 36
    /// row 7: they shared one thumbnail).
    @Test func picturesWithOneHeadAndSizeGetTwoDigests() throws {
        let folder = try TemporaryFolder("photogrid-digest")
        let comment = [0xFF, 0xFE, 0x40, 0x02] + [UInt8](repeating: 0x20, count: 0x4000)  // a 16 KiB COM segment
        var digests: Set<UInt64> = []
        for name in ["storm-canon.jpg", "sunset.jpg"] {
            var bytes = try Repository.sample(name)
            bytes.insert(contentsOf: comment, at: 2)
            bytes = Array(bytes.prefix(200_000)) + [UInt8](repeating: 0, count: max(0, 200_000 - bytes.count))
            bytes.replaceSubrange((bytes.count - 2)..., with: [0xFF, 0xD9])
            let path = folder.url.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            digests.insert(try JPEGHeader.probe(path: path).prefixDigest)
        }
        #expect(digests.count == 2)
    }

    @Test func fnv1aOfKnownStrings() {
        // Published FNV-1a 64 test vectors: "" → cbf29ce484222325, "a" → af63dc4c8601ec8c,
        // "foobar" → 85944171f73967e8.
        func digest(_ text: String) -> UInt64 { Array(text.utf8).withUnsafeBytes { PrefixDigest.fnv1a($0) } }
        #expect(digest("") == 0xcbf2_9ce4_8422_2325)
        #expect(digest("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(digest("foobar") == 0x8594_4171_f739_67e8)
        // Ten bytes: one word, then two bytes (Python reference as above).
        #expect(digest("abcdefghij") == 0xb7dc_0928_7fb5_9bcf)
    }
}
