import Foundation
import Testing
@testable import JPEG
import TestSupport

/// Inputs found by the fuzzers (Fuzz/run.sh), kept as byte literals: each test names the broken
/// property and fails on the code before the fix.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    /// fuzz-decode: 16 bytes of text followed by a control byte. `decode(path:)` sniffed only the
    /// first 16 bytes and called the file "text", while `decode(bytes:)` and the probe look at 512
    /// bytes and see binary data: two descriptions of one file.
    @Test func textThenBinaryIsDescribedAlikeByEveryEntryPoint() throws {
        let bytes: [UInt8] = Array("hello, thii  ssnotIntphot".utf8) + [0x04, 0x00]
        let expected = JPEGError.notJPEG(detail: "starts with 0x68 0x65 0x6C 0x6C")  // "hell"
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "text-then-binary.jpg")
        #expect(throws: expected) { try JPEGDecoder.decode(path: path) }
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: bytes) }
        #expect(throws: expected) { try JPEGHeader.probe(path: path) }
        #expect(throws: expected) { try JPEGHeader.probe(bytes: bytes) }
    }

    /// fuzz-decode: a 1-pixel-wide region at x = 0 of an 8×8 4:2:0 image differed from the full
    /// decode. The crop was 2 columns wide, leaving the chroma 1 sample wide, and for that
    /// `jpeg_crop_scanline` replaces fancy (interpolating) chroma upsampling with box upsampling.
    /// The minimized crasher (428 bytes), base64.
    @Test func narrowRegionOfA420ImageMatchesTheFullDecode() throws {
        let base64 = [
            "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcp",
            "LDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy",
            "MjIyMjIyMjIyMjIyMjL/wAARCAAIAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAA",
            "AgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3OERl",
            "ZkRFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipr7VLaW+eBkKln2NezZ/H",
            "OfwooorhqSlJ3bNYpJWRpDAAAAAAAAAA8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDkr7VLxzn8KKKK4akpSd2zWKSR/9k=",
        ].joined()
        let bytes = try #require(Data(base64Encoded: base64).map { [UInt8]($0) })
        #expect(bytes.count == 428)
        let full = try JPEGDecoder.decode(bytes: bytes)
        #expect(full.width == 8 && full.height == 8 && full.warnings == [])
        for width in 1...8 {
            let region = JPEGRegion(x: 0, y: 0, width: width, height: 8)
            let part = try JPEGDecoder.decode(bytes: bytes, options: .init(region: region))
            #expect(Self.mismatches(part, full) == 0, "region \(region)")
        }
    }

    /// The same on images made here: 1- and 2-pixel regions at the left edge, at an iMCU boundary
    /// and at the right edge where the last iMCU column is 2 pixels wide (34 = 2 × 16 + 2), at every
    /// scale, with and without fancy upsampling, 4:2:0 (RGB input) and grayscale.
    @Test(arguments: [false, true], [JPEGPixelFormat.rgb, .grayscale])
    func narrowRegionsMatchTheFullDecode(fancyUpsampling: Bool, format: JPEGPixelFormat) throws {
        let width = 34, height = 20
        var pixels = SyntheticImages.smoothRGB(width: width, height: height)
        for index in pixels.indices { pixels[index] = pixels[index] &+ UInt8(truncatingIfNeeded: index * 37 % 61) }
        if format == .grayscale { pixels = stride(from: 0, to: pixels.count, by: 3).map { pixels[$0] } }
        let jpeg = try JPEGEncoder.encode(pixels: pixels, width: width, height: height, format: format)
        for scale in JPEGScale.allCases {
            let options = JPEGDecodeOptions(scale: scale, fancyUpsampling: fancyUpsampling)
            let full = try JPEGDecoder.decode(bytes: jpeg, options: options)
            for x in [0, 1, 15, 16, 17, full.width - 2, full.width - 1] where x >= 0 {
                for regionWidth in 1...2 where x + regionWidth <= full.width {
                    var regionOptions = options
                    let y = full.height > 1 ? 1 : 0  // below the top row: jpeg_skip_scanlines runs too
                    regionOptions.region = JPEGRegion(x: x, y: y, width: regionWidth, height: full.height - y)
                    let part = try JPEGDecoder.decode(bytes: jpeg, options: regionOptions)
                    #expect(Self.mismatches(part, full) == 0, "\(format) 1/\(scale.denominator) x \(x) width \(regionWidth)")
                }
            }
        }
    }

    /// fuzz-decode: a corrupt file decoded from a path warned ("bad Huffman code") and decoded from
    /// memory did not. libjpeg-turbo warns about bad Huffman codes only on its slow path, taken when
    /// fewer than 512 bytes are buffered; the descriptor source read 64 KiB chunks and the memory source
    /// handed over everything at once. Both now hand libjpeg the same 64 KiB chunks. Here 2,000
    /// pseudo-random bytes (no 0xFF, so no markers) end just past the first 64 KiB of dragonfly.jpg.
    @Test(arguments: JPEGScale.allCases)
    func corruptionAtAChunkBoundaryWarnsFromPathAndFromMemory(scale: JPEGScale) throws {
        var bytes = try Repository.sample("dragonfly.jpg")
        var state: UInt32 = 12345
        for index in 65536 - 2000..<65536 + 16 {
            state = state &* 1_103_515_245 &+ 12345
            let value = UInt8(truncatingIfNeeded: state >> 16)
            bytes[index] = value == 0xFF ? 0x7F : value
        }
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "corrupt-at-64k.jpg")
        // The whole image reads past the corruption; the region (rows 5..<25) stops before it.
        for region in [nil, JPEGRegion(x: 3, y: 5, width: 40, height: 20)] {
            let options = JPEGDecodeOptions(scale: scale, region: region)
            let fromPath = try JPEGDecoder.decode(path: path, options: options)
            let fromMemory = try JPEGDecoder.decode(bytes: bytes, options: options)
            let samePixels = fromPath.pixels == fromMemory.pixels  // not in #expect: it would print them
            #expect(samePixels)
            #expect(fromPath.warnings == fromMemory.warnings)
            #expect(fromMemory.warnings.isEmpty == (region != nil))
        }
    }

    /// fuzz-decode: an APP1 segment whose length field is 0 or 1 (less than the field itself). The
    /// decoder skips it as libjpeg does (just the two length bytes) and decodes the file; the probe's
    /// APP1 reader refused it ("Bogus marker length"), so the file decoded but could not be indexed.
    /// The fuzzer's file had the bad APP1 after a DHT; here it follows an EXIF APP1 (orientation 6),
    /// which must still count.
    @Test(arguments: [UInt8(0), 1])
    func app1ShorterThanItsLengthFieldIsSkippedLikeTheDecoderDoes(length: UInt8) throws {
        let jpeg = try JPEGEncoder.encode(pixels: SyntheticImages.smoothRGB(width: 24, height: 16), width: 24, height: 16,
                                          format: .rgb)
        let withEXIF = JPEGBytes.withEXIF(jpeg, tiff: TIFFBuilder.orientationOnly(6, bigEndian: false))
        let exifEnd = 4 + (Int(withEXIF[4]) << 8 | Int(withEXIF[5]))  // SOI + APP1 marker + segment length
        let bytes = Array(withEXIF[..<exifEnd]) + [0xFF, 0xE1, 0x00, length] + withEXIF[exifEnd...]
        let decoded = try JPEGDecoder.decode(bytes: bytes)
        #expect(decoded.width == 24 && decoded.height == 16)
        let header = try JPEGHeader.probe(bytes: bytes)
        #expect(header.storedWidth == 24 && header.storedHeight == 16)
        #expect(header.orientation == 6)
    }

    /// Pixels of `part` that differ from the same pixels of `full`.
    static func mismatches(_ part: DecodedJPEG, _ full: DecodedJPEG) -> Int {
        var count = 0
        for y in 0..<part.height {
            for x in 0..<part.width where part.rgb(x: x, y: y) != full.rgb(x: part.regionX + x, y: part.regionY + y) {
                count += 1
            }
        }
        return count
    }
}
