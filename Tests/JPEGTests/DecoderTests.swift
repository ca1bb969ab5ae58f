import Testing
import TestSupport
@testable import JPEG

@Suite("Scaled and region decoding")
struct DecoderTests {
    /// Decoded size = ceil(stored / denominator) (libjpeg's jdiv_round_up), worked by hand.
    @Test(arguments: [
        ("dragonfly.jpg", JPEGScale.full, 1600, 1200), ("dragonfly.jpg", .half, 800, 600),
        ("dragonfly.jpg", .quarter, 400, 300), ("dragonfly.jpg", .eighth, 200, 150),
        ("aitzgorri.jpg", .half, 800, 533), ("aitzgorri.jpg", .quarter, 400, 267), ("aitzgorri.jpg", .eighth, 200, 134),
        ("picosdeeuropa-panorama.jpg", .eighth, 300, 83), ("sunset.jpg", .eighth, 200, 134),
        ("orientation/Landscape_6.jpg", .full, 400, 600), ("orientation/Landscape_6.jpg", .eighth, 50, 75),
    ])
    func sizeAtEachScale(name: String, scale: JPEGScale, width: Int, height: Int) throws {
        let decoded = try JPEGDecoder.decode(path: Repository.samplePath(name), options: .init(scale: scale))
        #expect(decoded.width == width)
        #expect(decoded.height == height)
        #expect(decoded.scaledWidth == width)
        #expect(decoded.scaledHeight == height)
        #expect(decoded.regionX == 0 && decoded.regionY == 0)
        #expect(decoded.pixels.count == width * height * 3)
        #expect(decoded.warnings == [])
        #expect(scale.scaledLength(decoded.storedWidth) == width)
        #expect(scale.scaledLength(decoded.storedHeight) == height)
    }

    /// A region decode returns exactly the requested rectangle, with the same pixels as a full
    /// decode — also at the edges, where fancy upsampling needs the neighbouring chroma samples.
    /// Subsampling: dragonfly and sunset (progressive) are 4:2:2, picos 4:2:0, umang 4:4:4; regions
    /// start on and off iMCU boundaries and end at odd and even widths and at the image edge.
    @Test(arguments: [
        ("dragonfly.jpg", JPEGScale.half, JPEGRegion(x: 101, y: 77, width: 150, height: 90)),
        ("dragonfly.jpg", .full, JPEGRegion(x: 32, y: 16, width: 64, height: 32)),
        ("dragonfly.jpg", .eighth, JPEGRegion(x: 25, y: 0, width: 150, height: 150)),
        ("dragonfly.jpg", .eighth, JPEGRegion(x: 0, y: 10, width: 200, height: 1)),
        ("dragonfly.jpg", .quarter, JPEGRegion(x: 301, y: 250, width: 99, height: 50)),
        ("picosdeeuropa-panorama.jpg", .full, JPEGRegion(x: 1000, y: 300, width: 333, height: 200)),
        ("picosdeeuropa-panorama.jpg", .full, JPEGRegion(x: 1000, y: 301, width: 334, height: 199)),
        ("picosdeeuropa-panorama.jpg", .full, JPEGRegion(x: 992, y: 0, width: 16, height: 17)),
        ("picosdeeuropa-panorama.jpg", .half, JPEGRegion(x: 1, y: 1, width: 1198, height: 329)),
        ("sunset.jpg", .quarter, JPEGRegion(x: 50, y: 31, width: 101, height: 60)),
        ("sunset.jpg", .full, JPEGRegion(x: 777, y: 555, width: 222, height: 111)),
        ("umang.jpg", .half, JPEGRegion(x: 123, y: 45, width: 67, height: 89)),
    ])
    func regionMatchesFullDecode(name: String, scale: JPEGScale, region: JPEGRegion) throws {
        let path = Repository.samplePath(name)
        let full = try JPEGDecoder.decode(path: path, options: .init(scale: scale))
        let part = try JPEGDecoder.decode(path: path, options: .init(scale: scale, region: region))
        #expect(part.regionX == region.x && part.regionY == region.y)
        #expect(part.width == region.width && part.height == region.height)
        #expect(part.pixels.count == region.width * region.height * 3)
        #expect(part.scaledWidth == full.width && part.scaledHeight == full.height)
        var mismatches = 0
        for y in 0..<part.height {
            for x in 0..<part.width where part.rgb(x: x, y: y) != full.rgb(x: region.x + x, y: region.y + y) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: [
        JPEGRegion(x: 0, y: 0, width: 201, height: 10), JPEGRegion(x: 200, y: 0, width: 1, height: 1),
        JPEGRegion(x: 0, y: 150, width: 1, height: 1), JPEGRegion(x: 10, y: 10, width: 0, height: 5),
        JPEGRegion(x: -1, y: 0, width: 5, height: 5),
    ])
    func regionOutsideTheScaledImageIsRefused(region: JPEGRegion) throws {
        let path = Repository.samplePath("dragonfly.jpg")  // 200×150 at 1/8
        #expect(throws: JPEGError.self) {
            try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, region: region))
        }
        do {
            _ = try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, region: region))
        } catch {
            guard case .invalidArgument = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func memoryAndFileDecodesAgree() throws {
        let options = JPEGDecodeOptions(scale: .quarter, region: JPEGRegion(x: 40, y: 30, width: 100, height: 80))
        let fromFile = try JPEGDecoder.decode(path: Repository.samplePath("storm-canon.jpg"), options: options)
        let fromMemory = try JPEGDecoder.decode(bytes: Repository.sample("storm-canon.jpg"), options: options)
        #expect(fromFile == fromMemory)
    }

    /// The faster options give nearly the same picture.
    @Test func fastOptionsStayClose() throws {
        let path = Repository.samplePath("dragonfly.jpg")
        let accurate = try JPEGDecoder.decode(path: path)
        let fast = try JPEGDecoder.decode(path: path, options: .init(dctMethod: .fastInteger, fancyUpsampling: false))
        #expect(fast.width == 1600 && fast.height == 1200)
        #expect(fast.pixels != accurate.pixels)
        #expect(SyntheticImages.psnr(fast.pixels, accurate.pixels) > 35)
    }
}

@Suite("Pixel limit")
struct PixelLimitTests {
    /// dragonfly (312,673 bytes, 1600×1200, 2×1 luma sampling) declaring 60000×60000: 7500 × 7500 luma
    /// blocks and 3750 × 7500 for each chroma component, 112,500,000 blocks, need at least 14 MB.
    /// Refused from the header at every scale, before anything is allocated for the image.
    @Test(arguments: JPEGScale.allCases)
    func declared60000SquaredIsRefusedBeforeDecoding(scale: JPEGScale) throws {
        let bytes = JPEGBytes.patchingSize(try Repository.sample("dragonfly.jpg"), width: 60000, height: 60000)
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "bomb.jpg")
        let expected = JPEGError.tooLittleData(width: 60000, height: 60000, blocks: 112_500_000, byteCount: 312_673)
        #expect(throws: expected) { try JPEGDecoder.decode(path: path, options: .init(scale: scale)) }
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: bytes, options: .init(scale: scale)) }
        #expect(expected.description == "60000×60000 declared in 312673 bytes, less than one bit per 8×8 block "
                + "(112500000 blocks): a decompression bomb or a file cut short")
    }

    /// The limit counts the decoded pixels, after shrink-on-load and of the region only: dragonfly
    /// (baseline 1600×1200) at 1/8 is 200 × 150 = 30,000 pixels, a 20 × 10 region of it 200.
    @Test func limitCountsDecodedPixelsAndIsInclusive() throws {
        let path = Repository.samplePath("dragonfly.jpg")
        #expect(throws: JPEGError.overPixelLimit(width: 1600, height: 1200, decodedPixels: 30_000, coefficientPixels: 0,
                                                 limit: 29_999)) {
            try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, pixelLimit: 29_999))
        }
        let decoded = try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, pixelLimit: 30_000))
        #expect(decoded.width == 200 && decoded.height == 150)
        let region = JPEGRegion(x: 10, y: 20, width: 20, height: 10)
        #expect(throws: JPEGError.overPixelLimit(width: 1600, height: 1200, decodedPixels: 200, coefficientPixels: 0,
                                                 limit: 199)) {
            try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, region: region, pixelLimit: 199))
        }
        #expect(try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, region: region, pixelLimit: 200)).width == 20)
        #expect(JPEGError.overPixelLimit(width: 1600, height: 1200, decodedPixels: 30_000, coefficientPixels: 0,
                                         limit: 29_999).description
                == "1600×1200: decoding needs 30000 pixels, more than the pixel limit of 29999")
    }

    /// A progressive file makes libjpeg buffer the coefficients of the whole image at full size, at
    /// every scale. sunset.jpg is progressive 1600×1067 with 2×1 luma sampling: luma 200 × 134 blocks
    /// (⌈1067 / 8⌉ = 134 rows), each chroma component ⌈1600 / 16⌉ = 100 × 134; 53,600 blocks of 128
    /// bytes = 6,860,800 bytes = 2,286,934 pixels of 3 bytes (rounded up). At 1/8 it decodes
    /// 200 × 134 = 26,800 pixels: 2,313,734 in all.
    @Test func progressiveFileCountsItsWholeImageCoefficients() throws {
        let path = Repository.samplePath("sunset.jpg")
        #expect(try JPEGHeader.probe(path: path).header.isProgressive)
        #expect(throws: JPEGError.overPixelLimit(width: 1600, height: 1067, decodedPixels: 26_800,
                                                 coefficientPixels: 2_286_934, limit: 2_313_733)) {
            try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, pixelLimit: 2_313_733))
        }
        let decoded = try JPEGDecoder.decode(path: path, options: .init(scale: .eighth, pixelLimit: 2_313_734))
        #expect(decoded.width == 200 && decoded.height == 134 && decoded.damage == nil)
        // A baseline photo of a similar size needs only its decoded pixels at that limit: dragonfly.
        #expect(try JPEGDecoder.decode(path: Repository.samplePath("dragonfly.jpg"),
                                       options: .init(scale: .eighth, pixelLimit: 30_000)).width == 200)
    }

    /// A progressive 4:2:0 file declaring 20000×20000, with enough data not to look like a bomb
    /// (1.2 MB for 9,375,000 blocks): its coefficients, 2500² luma + 2 × 1250² chroma blocks × 128
    /// bytes / 3 = 400,000,000 pixels, exceed the default limit (256 MP) although at 1/8 it decodes
    /// only 2500² = 6,250,000. Refused from the header in well under a second, at every scale: the
    /// 1.2 GB coefficient buffer is never allocated.
    @Test(arguments: JPEGScale.allCases)
    func progressiveCoefficientsBeyondTheDefaultLimitAreRefused(scale: JPEGScale) throws {
        let small = try JPEGEncoder.encode(pixels: SyntheticImages.smoothRGB(width: 16, height: 16), width: 16, height: 16,
                                           format: .rgb, options: .init(progressive: true))
        let declared = JPEGBytes.patchingSize(small, width: 20000, height: 20000)
        let bytes = Array(declared.dropLast(2)) + [UInt8](repeating: 0, count: 1_200_000) + [0xFF, 0xD9]
        let side = scale.scaledLength(20000)
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: JPEGError.overPixelLimit(width: 20000, height: 20000, decodedPixels: side * side,
                                                 coefficientPixels: 400_000_000, limit: 256_000_000)) {
            try JPEGDecoder.decode(bytes: bytes, options: .init(scale: scale))
        }
        #expect(clock.now - start < .seconds(1))
    }
}

@Suite("Decoding bad input")
struct BadInputDecodeTests {
    @Test func notJPEGAndEmpty() throws {
        let directory = try TemporaryFolder()
        let png = try directory.write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], to: "png.jpg")
        #expect(throws: JPEGError.notJPEG(detail: "PNG data")) { try JPEGDecoder.decode(path: png) }
        let empty = try directory.write([], to: "empty.jpg")
        #expect(throws: JPEGError.empty) { try JPEGDecoder.decode(path: empty) }
        #expect(throws: JPEGError.empty) { try JPEGDecoder.decode(bytes: []) }
    }

    @Test(arguments: [2, 100, 5000, 10_600, 10_785])
    func truncatedInsideTheHeader(length: Int) throws {
        let bytes = Array(try Repository.sample("storm-canon.jpg")[..<length])
        let directory = try TemporaryFolder()
        let path = try directory.write(bytes, to: "cut.jpg")
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: length)) {
            try JPEGDecoder.decode(path: path, options: .init(scale: .eighth))
        }
        #expect(throws: JPEGError.truncated(call: "jpeg_read_header", length: length)) {
            try JPEGDecoder.decode(bytes: bytes, options: .init(scale: .eighth))
        }
    }

    /// Cut inside the entropy data: libjpeg pads the rest and warns; the size is still right.
    @Test(arguments: [10_800, 30_000, 60_000])
    func truncatedInsideTheImageWarns(length: Int) throws {
        let bytes = Array(try Repository.sample("storm-canon.jpg")[..<length])
        let directory = try TemporaryFolder()
        let decoded = try JPEGDecoder.decode(path: try directory.write(bytes, to: "cut.jpg"))
        #expect(decoded.width == 1200 && decoded.height == 800)
        #expect(decoded.warnings.first?.hasPrefix("libjpeg: Premature end of JPEG file") == true)
    }

    /// Entropy data overwritten in several ways: each decode throws a JPEGError or warns.
    @Test(arguments: CorruptionPattern.allCases)
    func corruptEntropyData(pattern: CorruptionPattern) throws {
        var bytes = try Repository.sample("dragonfly.jpg")
        pattern.apply(to: &bytes, from: 20_000)
        for scale in JPEGScale.allCases {
            do {
                let decoded = try JPEGDecoder.decode(bytes: bytes, options: .init(scale: scale))
                #expect(!decoded.warnings.isEmpty, "\(pattern) at 1/\(scale.denominator) decoded without a warning")
                #expect(decoded.width == scale.scaledLength(1600))
            } catch {
                // The header is intact (the damage starts at byte 20,000): only the scan can fail.
                guard case let .libjpeg(call, _) = error else {
                    Issue.record("\(pattern) at 1/\(scale.denominator): \(error)")
                    continue
                }
                #expect(["jpeg_start_decompress", "jpeg_read_scanlines", "jpeg_finish_decompress"].contains(call), "\(error)")
            }
        }
    }

    enum CorruptionPattern: CaseIterable, CustomTestStringConvertible {
        case zeros, pseudoRandom, markers, earlyEOI
        var testDescription: String { "\(self)" }
        func apply(to bytes: inout [UInt8], from start: Int) {
            switch self {
            case .zeros:
                for index in start..<start + 4000 { bytes[index] = 0 }
            case .pseudoRandom:
                var state: UInt32 = 12345
                for index in start..<start + 40_000 {
                    state = state &* 1_103_515_245 &+ 12345
                    bytes[index] = UInt8(truncatingIfNeeded: state >> 16)
                }
            case .markers:
                for index in stride(from: start, to: start + 4000, by: 97) { bytes[index] = 0xFF; bytes[index + 1] = 0xD3 }
            case .earlyEOI:
                bytes[start] = 0xFF; bytes[start + 1] = 0xD9
            }
        }
    }

    /// A progressive file with more scans than allowed is refused (10 scans here).
    @Test func tooManyScans() throws {
        let rgb = SyntheticImages.smoothRGB(width: 64, height: 48)
        let jpeg = try JPEGEncoder.encode(pixels: rgb, width: 64, height: 48, format: .rgb,
                                          options: .init(quality: 90, progressive: true))
        #expect(throws: JPEGError.libjpeg(call: "jpeg_start_decompress",
                                          message: "too many progressive scans (more than 9)")) {
            try JPEGDecoder.decode(bytes: jpeg, options: .init(maximumScans: 9))
        }
        #expect(try JPEGDecoder.decode(bytes: jpeg, options: .init(maximumScans: 10)).width == 64)
    }
}
