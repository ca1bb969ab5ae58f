import Testing
@testable import JPEG
import TestSupport

/// Randomly damaged JPEGs (a fixed-seed generator, so failures reproduce): probing and decoding
/// each one either succeeds or throws a `JPEGError`; nothing crashes, hangs or exits.
@Suite("Mutated files")
struct MutationTests {
    /// A small xorshift generator: deterministic across runs and platforms.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    enum Source: String, CaseIterable, CustomTestStringConvertible {
        case baseline, progressive, arithmetic, cmyk, exif
        var testDescription: String { rawValue }

        func bytes() throws -> [UInt8] {
            let rgb = SyntheticImages.smoothRGB(width: 40, height: 24)
            switch self {
            case .baseline: return try JPEGEncoder.encode(rgb: rgb, width: 40, height: 24, quality: 75)
            case .progressive:
                return try JPEGEncoder.encode(pixels: rgb, width: 40, height: 24, format: .rgb, options: .init(progressive: true))
            case .arithmetic:
                return try JPEGEncoder.encode(pixels: rgb, width: 40, height: 24, format: .rgb, options: .init(arithmetic: true))
            case .cmyk:
                let cmyk = SyntheticImages.quadrants(width: 40, height: 24, colors: [[0, 255, 255, 0], [255, 0, 255, 0], [255, 255, 0, 0], [0, 0, 0, 0]])
                return try JPEGEncoder.encode(pixels: cmyk, width: 40, height: 24, format: .cmyk(ycck: true, adobeMarker: true))
            case .exif:
                let plain = try JPEGEncoder.encode(rgb: rgb, width: 40, height: 24, quality: 75)
                return JPEGBytes.withEXIF(plain, tiff: TIFFBuilder.withDate("2020:01:02 03:04:05", orientation: 6, bigEndian: false))
            }
        }
    }

    @Test(arguments: Source.allCases)
    func mutatedFilesNeverCrash(source: Source) throws {
        let original = try source.bytes()
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15 ^ UInt64(source.rawValue.utf8.count))
        var outcomes = (ok: 0, failed: 0)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + generator.below(4)) {
                // Mostly damage the header, where the parsers live; sometimes the data.
                let limit = generator.below(3) == 0 ? bytes.count : min(bytes.count, 400)
                let index = 2 + generator.below(limit - 2)
                switch generator.below(4) {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes[index] ^= UInt8(1 << generator.below(8))
                case 2: bytes[index] = 0xFF
                default: bytes.removeSubrange(index..<min(bytes.count, index + 1 + generator.below(64)))
                }
            }
            do {
                _ = try JPEGHeader.probe(bytes: bytes)
                outcomes.ok += 1
            } catch {
                outcomes.failed += 1
            }
            for scale in [JPEGScale.full, .eighth] {
                do {
                    let decoded = try JPEGDecoder.decode(bytes: bytes, options: .init(scale: scale, pixelLimit: 10_000_000))
                    #expect(decoded.pixels.count == decoded.width * decoded.height * 3)
                } catch {
                    // Damaged bytes are refused as data (never as a system error or a bad argument),
                    // naming the libjpeg call where that is where it stopped.
                    switch error {
                    case .notJPEG, .empty, .truncated, .overPixelLimit, .tooLittleData: break
                    case let .libjpeg(call, message):
                        #expect(call.hasPrefix("jpeg_") && !message.contains("\n"), "\(error)")
                    case .system, .invalidArgument:
                        Issue.record("damaged bytes gave \(error)")
                    }
                }
            }
        }
        // Both outcomes occur: the mutations are neither all harmless nor all fatal.
        #expect(outcomes.ok > 0)
        #expect(outcomes.failed > 0)
    }
}
