import Foundation
import ImageFormats
import Imaging
import Testing
import TestSupport

/// JPEG behind the one probe and decoder every format is behind (`ImageProbe`, `ImageDecoder`): the
/// facts the samples' SOF and EXIF give, DCT reductions and regions as capabilities, and a region
/// decode that is the same pixels as the whole image's crop.
@Suite struct MediaSeamTests {
    static func open(_ name: String) throws -> Int32 {
        let descriptor = Repository.samplePath(name).withCString { Foundation.open($0, O_RDONLY | O_CLOEXEC) }
        #expect(descriptor >= 0)
        return descriptor
    }

    @Test("a JPEG's probe is every format's probe: the samples' stored sizes and orientations")
    func jpegProbe() throws {
        for (name, width, height, orientation, _, _) in SamplePhotos.facts {
            let descriptor = try Self.open(name)
            defer { close(descriptor) }
            #expect(ImageFormat.ofFile(descriptor: descriptor) == .jpeg)
            let facts = try ImageProbe.probe(descriptor: descriptor, path: name, format: .jpeg)
            #expect(facts.format == .jpeg && facts.storedWidth == width && facts.storedHeight == height
                    && facts.orientation == orientation, "\(name)")
        }
    }

    @Test("what a decoder can do is asked of the seam, not of the format")
    func capabilities() {
        #expect(ImageDecoder.scaleDenominators(of: .jpeg) == [8, 4, 2, 1])
        #expect(ImageDecoder.decodesRegions(.jpeg))
        for format in [ImageFormat.png, .webp, .heic, .avif, .mov, .mp4] {
            #expect(ImageDecoder.scaleDenominators(of: format) == [1])
            #expect(!ImageDecoder.decodesRegions(format))
        }
    }

    @Test("a reduced JPEG decode is the smallest DCT scale that covers what is asked (libjpeg: ceil(side / N))")
    func reducedDecode() throws {
        let descriptor = try Self.open("dragonfly.jpg")  // 1600×1200
        defer { close(descriptor) }
        for (minimum, expected) in [((200, 150), (200, 150)), ((201, 150), (400, 300)), ((400, 300), (400, 300)),
                                    ((401, 1), (800, 600)), ((1600, 1200), (1600, 1200))] {
            let decoded = try ImageDecoder.decode(descriptor: descriptor, path: "dragonfly.jpg", format: .jpeg,
                                                  pixelLimit: 100_000_000, atLeast: minimum)
            #expect(decoded.width == expected.0 && decoded.height == expected.1, "\(minimum)")
            #expect(decoded.isReduced == (expected.0 < 1600))
            #expect(decoded.storedWidth == 1600 && decoded.storedHeight == 1200)
        }
    }

    @Test("a region decode is the whole decode's crop, byte for byte, at each scale")
    func regionIsTheCrop() throws {
        let descriptor = try Self.open("storm-canon.jpg")  // 1200×800
        defer { close(descriptor) }
        for denominator in ImageDecoder.scaleDenominators(of: .jpeg) {
            let whole = try ImageDecoder.decode(descriptor: descriptor, path: "storm-canon.jpg", format: .jpeg,
                                                pixelLimit: 100_000_000, scaleDenominator: denominator,
                                                region: PixelRect(x: 0, y: 0, width: (1200 + denominator - 1) / denominator,
                                                                  height: (800 + denominator - 1) / denominator))
            let rect = PixelRect(x: 17 / denominator + 3, y: 40 / denominator + 1, width: 64 / denominator + 5, height: 48 / denominator + 7)
            let region = try ImageDecoder.decode(descriptor: descriptor, path: "storm-canon.jpg", format: .jpeg,
                                                 pixelLimit: 100_000_000, scaleDenominator: denominator, region: rect)
            #expect(region.width == rect.width && region.height == rect.height)
            let crop = try PixelBuffer(width: whole.width, height: whole.height, bytes: whole.pixels).cropped(to: rect)
            #expect(region.pixels == crop.bytes, "1/\(denominator)")
        }
        // A region outside the image says so, as every format would.
        #expect(throws: ImageFormatError.regionOutsideImage) {
            _ = try ImageDecoder.decode(descriptor: descriptor, path: "storm-canon.jpg", format: .jpeg, pixelLimit: 100_000_000,
                                        scaleDenominator: 1, region: PixelRect(x: 1190, y: 0, width: 20, height: 10))
        }
        // A format that decodes whole is not asked for a region.
        #expect(throws: ImageFormatError.unsupported(.png)) {
            _ = try ImageDecoder.decode(descriptor: descriptor, path: "x.png", format: .png, pixelLimit: 100_000_000,
                                        scaleDenominator: 1, region: PixelRect(x: 0, y: 0, width: 1, height: 1))
        }
    }
}
