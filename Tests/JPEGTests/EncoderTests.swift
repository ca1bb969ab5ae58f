import Testing
@testable import JPEG

@Suite("Encoding, and decoding what we encoded")
struct EncoderTests {
    @Test func roundTripOfASmoothImageIsClose() throws {
        let rgb = SyntheticImages.smoothRGB(width: 256, height: 192)
        let jpeg = try JPEGEncoder.encode(rgb: rgb, width: 256, height: 192, quality: 90)
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.storedWidth == 256 && header.storedHeight == 192)
        #expect(header.colorSpace == .ycbcr && header.components == 3)
        #expect(!header.isProgressive && !header.isArithmetic)
        let decoded = try JPEGDecoder.decode(bytes: jpeg)
        #expect(decoded.width == 256 && decoded.height == 192)
        #expect(SyntheticImages.psnr(decoded.pixels, rgb) > 35)
    }

    @Test func optimizedHuffmanTablesAreSmaller() throws {
        let rgb = SyntheticImages.smoothRGB(width: 256, height: 192)
        let optimized = try JPEGEncoder.encode(pixels: rgb, width: 256, height: 192, format: .rgb,
                                               options: .init(quality: 85, optimizeCoding: true))
        let standard = try JPEGEncoder.encode(pixels: rgb, width: 256, height: 192, format: .rgb,
                                              options: .init(quality: 85, optimizeCoding: false))
        #expect(optimized.count < standard.count)
        #expect(try JPEGDecoder.decode(bytes: optimized).pixels == JPEGDecoder.decode(bytes: standard).pixels)
    }

    /// Progressive and arithmetic coding store the same coefficients: same pixels as baseline.
    @Test func progressiveAndArithmeticDecodeToTheSamePixels() throws {
        let rgb = SyntheticImages.smoothRGB(width: 96, height: 80)
        let baseline = try JPEGEncoder.encode(rgb: rgb, width: 96, height: 80, quality: 80)
        let progressive = try JPEGEncoder.encode(pixels: rgb, width: 96, height: 80, format: .rgb,
                                                 options: .init(quality: 80, progressive: true))
        let arithmetic = try JPEGEncoder.encode(pixels: rgb, width: 96, height: 80, format: .rgb,
                                                options: .init(quality: 80, arithmetic: true))
        let progressiveHeader = try JPEGHeader.probe(bytes: progressive)
        #expect(progressiveHeader.isProgressive && !progressiveHeader.isArithmetic)
        let arithmeticHeader = try JPEGHeader.probe(bytes: arithmetic)
        #expect(arithmeticHeader.isArithmetic && !arithmeticHeader.isProgressive)
        let reference = try JPEGDecoder.decode(bytes: baseline).pixels
        #expect(try JPEGDecoder.decode(bytes: progressive).pixels == reference)
        #expect(try JPEGDecoder.decode(bytes: arithmetic).pixels == reference)
        // Scaled and cropped too.
        let options = JPEGDecodeOptions(scale: .half, region: JPEGRegion(x: 9, y: 5, width: 30, height: 20))
        let scaled = try JPEGDecoder.decode(bytes: baseline, options: options)
        #expect(try JPEGDecoder.decode(bytes: arithmetic, options: options) == scaled)
    }

    @Test func grayscaleRoundTrip() throws {
        var gray = [UInt8](repeating: 0, count: 64 * 32)
        for y in 0..<32 { for x in 0..<64 { gray[y * 64 + x] = UInt8(x * 4) } }
        let jpeg = try JPEGEncoder.encode(pixels: gray, width: 64, height: 32, format: .grayscale,
                                          options: .init(quality: 95))
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.colorSpace == .grayscale && header.components == 1)
        let decoded = try JPEGDecoder.decode(bytes: jpeg)
        #expect(decoded.colorSpace == .grayscale)
        #expect(decoded.pixels.count == 64 * 32 * 3)
        var expanded: [UInt8] = []
        for value in gray { expanded += [value, value, value] }
        for y in 0..<32 {
            for x in 0..<64 {
                let pixel = decoded.rgb(x: x, y: y)
                #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
            }
        }
        #expect(SyntheticImages.psnr(decoded.pixels, expanded) > 40)
    }

    /// Quadrants red, green, blue, white as CMYK. Adobe files store inverted values (255 = no ink):
    /// red = C 0 M 100% Y 100% K 0 → inverted (255, 0, 0, 255).
    @Test(arguments: [(false, true), (true, true), (false, false)])
    func cmykDecodesToSaneRGB(ycck: Bool, adobeMarker: Bool) throws {
        let inverted: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255], [255, 255, 255, 255]]
        let plain = inverted.map { $0.map { 255 - $0 } }
        let cmyk = SyntheticImages.quadrants(width: 64, height: 48, colors: adobeMarker ? inverted : plain)
        let jpeg = try JPEGEncoder.encode(pixels: cmyk, width: 64, height: 48,
                                          format: .cmyk(ycck: ycck, adobeMarker: adobeMarker),
                                          options: .init(quality: 95))
        let header = try JPEGHeader.probe(bytes: jpeg)
        #expect(header.components == 4)
        #expect(header.colorSpace == (ycck ? .ycck : .cmyk))
        let decoded = try JPEGDecoder.decode(bytes: jpeg)
        #expect(decoded.colorSpace == (ycck ? .ycck : .cmyk))
        let expected: [(Int, Int, [UInt8])] = [(16, 12, [255, 0, 0]), (48, 12, [0, 255, 0]),
                                               (16, 36, [0, 0, 255]), (48, 36, [255, 255, 255])]
        for (x, y, rgb) in expected {
            let pixel = decoded.rgb(x: x, y: y)
            #expect(abs(Int(pixel.red) - Int(rgb[0])) <= 3, "(\(x),\(y)) red \(pixel.red)")
            #expect(abs(Int(pixel.green) - Int(rgb[1])) <= 3, "(\(x),\(y)) green \(pixel.green)")
            #expect(abs(Int(pixel.blue) - Int(rgb[2])) <= 3, "(\(x),\(y)) blue \(pixel.blue)")
        }
        // Region and scale work for CMYK too.
        let part = try JPEGDecoder.decode(bytes: jpeg, options: .init(scale: .half, region: JPEGRegion(x: 20, y: 15, width: 8, height: 6)))
        let pixel = part.rgb(x: part.width - 1, y: part.height - 1)
        #expect(pixel.red >= 252 && pixel.green >= 252 && pixel.blue >= 252)
    }

    @Test func invalidArguments() {
        let rgb = [UInt8](repeating: 0, count: 4 * 4 * 3)
        #expect(throws: JPEGError.invalidArgument(call: "JPEGEncoder.encode", message: "quality 0 is outside 1...100")) {
            try JPEGEncoder.encode(rgb: rgb, width: 4, height: 4, quality: 0)
        }
        #expect(throws: JPEGError.invalidArgument(call: "JPEGEncoder.encode", message: "48 bytes for 5×4 pixels of 3 bytes")) {
            try JPEGEncoder.encode(rgb: rgb, width: 5, height: 4)
        }
        #expect(throws: JPEGError.invalidArgument(call: "JPEGEncoder.encode", message: "size 0×4 is outside 1...65500")) {
            try JPEGEncoder.encode(rgb: [], width: 0, height: 4)
        }
    }

    @Test func onePixel() throws {
        let jpeg = try JPEGEncoder.encode(rgb: [200, 100, 50], width: 1, height: 1, quality: 100)
        let decoded = try JPEGDecoder.decode(bytes: jpeg, options: .init(scale: .eighth))
        #expect(decoded.width == 1 && decoded.height == 1)
        let pixel = decoded.rgb(x: 0, y: 0)
        #expect(abs(Int(pixel.red) - 200) <= 3 && abs(Int(pixel.green) - 100) <= 3 && abs(Int(pixel.blue) - 50) <= 3)
    }
}
