import Testing
import TestSupport
@testable import JPEG

/// Inputs built to cost time or memory are refused before they do (docs/reliability.md: bounded work).
@Suite("Resource bounds")
struct ResourceBoundTests {
    /// A progressive 64×64 JPEG from our encoder (libjpeg's simple progression: 10 scans) with its
    /// last scan (the luma AC refinement) repeated `extra` more times before the EOI.
    static func progressive(repeatingLastScan extra: Int) throws -> [UInt8] {
        let jpeg = try JPEGEncoder.encode(pixels: SyntheticImages.smoothRGB(width: 64, height: 64), width: 64, height: 64,
                                          format: .rgb, options: .init(progressive: true))
        let body = Array(jpeg.dropLast(2))  // without the EOI
        var lastScan = body.count - 2
        while lastScan > 0, !(body[lastScan] == 0xFF && body[lastScan + 1] == 0xDA) { lastScan -= 1 }
        let scan = Array(body[lastScan...])
        return body + (0..<extra).flatMap { _ in scan } + [0xFF, 0xD9]
    }

    /// 3,010 scans: the default limit (500) stops the decoder inside jpeg_start_decompress, at every
    /// scale and with a region, in well under a second (a few milliseconds here).
    @Test(arguments: JPEGScale.allCases)
    func thousandsOfScansAreRefused(scale: JPEGScale) throws {
        let jpeg = try Self.progressive(repeatingLastScan: 3000)
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.isProgressive && header.storedWidth == 64)
        let expected = JPEGError.libjpeg(call: "jpeg_start_decompress", message: "too many progressive scans (more than 500)")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: jpeg, options: .init(scale: scale)) }
        #expect(throws: expected) {
            try JPEGDecoder.decode(bytes: jpeg, options: .init(scale: scale, region: JPEGRegion(x: 1, y: 1, width: 2, height: 2)))
        }
        #expect(clock.now - start < .seconds(5))
    }

    /// The limit counts scans, not markers: 500 scans in all (10 + 490 repeats) decode, 501 do not.
    @Test func scanLimitIsInclusive() throws {
        let atLimit = try JPEGDecoder.decode(bytes: Self.progressive(repeatingLastScan: 490))
        #expect(atLimit.width == 64 && atLimit.height == 64)
        #expect(throws: JPEGError.libjpeg(call: "jpeg_start_decompress", message: "too many progressive scans (more than 500)")) {
            try JPEGDecoder.decode(bytes: Self.progressive(repeatingLastScan: 491))
        }
    }

    /// The largest size a SOF can declare, 65535 × 65535, is beyond libjpeg's JPEG_MAX_DIMENSION
    /// (65500): the header itself is refused, by the probe and by every decode.
    @Test(arguments: JPEGScale.allCases)
    func declared65535SquaredIsRefusedAtTheHeader(scale: JPEGScale) throws {
        let bomb = JPEGBytes.patchingSize(try Self.small(), width: 65535, height: 65535)
        let expected = JPEGError.libjpeg(call: "jpeg_read_header", message: "Maximum supported image dimension is 65500 pixels")
        #expect(throws: expected) { try JPEGHeader.probe(bytes: bomb) }
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: bomb, options: .init(scale: scale)) }
        let directory = try TemporaryFolder()
        let path = try directory.write(bomb, to: "bomb.jpg")
        #expect(throws: expected) { try JPEGHeader.probe(path: path) }
        #expect(throws: expected) {
            try JPEGDecoder.decode(path: path, options: .init(scale: scale, region: JPEGRegion(x: 0, y: 0, width: 1, height: 1)))
        }
    }

    /// 65500 × 65500, the largest size libjpeg accepts, in a file of a few hundred bytes: the probe
    /// reports it, and every decode is refused as a decompression bomb from the header, before
    /// libjpeg allocates anything for the image (this one is progressive: it would otherwise need a
    /// 12.9 GB coefficient array). 4:2:0: ⌈65500 / 8⌉² = 8188² luma blocks and ⌈65500 / 16⌉² = 4094²
    /// for each chroma component, 100,565,016 blocks: at least 12.6 MB of data.
    @Test(arguments: JPEGScale.allCases)
    func declared65500SquaredInATinyFileIsRefused(scale: JPEGScale) throws {
        let bomb = JPEGBytes.patchingSize(try Self.small(), width: 65500, height: 65500)
        let header = try JPEGHeader.probe(bytes: bomb)
        #expect(header.storedWidth == 65500 && header.storedHeight == 65500)
        #expect(bomb.count < 1000)
        let expected = JPEGError.tooLittleData(width: 65500, height: 65500, blocks: 100_565_016, byteCount: bomb.count)
        #expect(throws: expected) { try JPEGDecoder.decode(bytes: bomb, options: .init(scale: scale)) }
        #expect(throws: expected) {
            try JPEGDecoder.decode(bytes: bomb, options: .init(scale: scale, region: JPEGRegion(x: 0, y: 0, width: 1, height: 1)))
        }
    }

    /// A 16×16 progressive JPEG.
    static func small() throws -> [UInt8] {
        try JPEGEncoder.encode(pixels: SyntheticImages.smoothRGB(width: 16, height: 16), width: 16, height: 16,
                               format: .rgb, options: .init(progressive: true))
    }
}
