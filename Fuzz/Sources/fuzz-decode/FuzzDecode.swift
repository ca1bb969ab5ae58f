// libFuzzer target: the scaled and region decode on arbitrary bytes.
//
// Every input is decoded at all four scales, whole and in a region chosen from the input's hash,
// with a pixel limit of 2^19 (512×512 decoded pixels plus a progressive file's coefficients of about as
// many stored pixels) so the fuzzer does not spend its time on big images. Properties checked:
// - a decode that succeeds has the sizes the header and scale imply, and width × height × 3 bytes;
// - a pixel-limit refusal counts more than the limit, the region's pixels among them;
// - a too-little-data refusal names the input's length and more than 8 blocks per byte;
// - a decode succeeds only if the probe does, with the same stored size and colour space;
// - a clean full decode (no warnings) implies a clean region decode with the same pixels;
// - `decode(fileDescriptor:)` (pread source, 64 KiB reads) gives what `decode(bytes:)` gives.
import FuzzSupport
import JPEG

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var choices = FuzzChoices(bytes)
    let header = try? JPEGHeader.probe(bytes: bytes)
    let dctMethod = JPEGDCTMethod.allCases[choices.below(JPEGDCTMethod.allCases.count)]
    let fancyUpsampling = choices.flip()
    let fileScale = JPEGScale.allCases[choices.below(JPEGScale.allCases.count)]

    for scale in JPEGScale.allCases {
        let options = JPEGDecodeOptions(scale: scale, pixelLimit: 1 << 19,
                                        dctMethod: dctMethod, fancyUpsampling: fancyUpsampling)
        let full = decode(bytes, options)
        check(full, options: options, header: header, length: bytes.count)

        var regionOptions = options
        if let header {
            let width = scale.scaledLength(header.storedWidth), height = scale.scaledLength(header.storedHeight)
            let x = choices.below(width), y = choices.below(height)
            regionOptions.region = JPEGRegion(x: x, y: y, width: 1 + choices.below(width - x),
                                              height: 1 + choices.below(height - y))
            let part = decode(bytes, regionOptions)
            check(part, options: regionOptions, header: header, length: bytes.count)
            if case .success(let image) = full, image.warnings.isEmpty {
                checkRegion(part, matches: image, options: regionOptions)
            }
        }

        if scale == fileScale {
            let fileOptions = choices.flip() ? regionOptions : options
            ScratchFile.shared.write(bytes)
            let fromFile = attempt { () throws(JPEGError) in
                try JPEGDecoder.decode(fileDescriptor: ScratchFile.shared.descriptor, options: fileOptions)
            }
            let fromMemory = fileOptions == options ? full : decode(bytes, fileOptions)
            FuzzCheck.expect(fromFile == fromMemory, "decode(fileDescriptor:) \(summary(fromFile)) ≠ decode(bytes:) \(summary(fromMemory)) with \(fileOptions)")
        }
    }
    return 0
}

func decode(_ bytes: [UInt8], _ options: JPEGDecodeOptions) -> Result<DecodedJPEG, JPEGError> {
    attempt { () throws(JPEGError) in try JPEGDecoder.decode(bytes: bytes, options: options) }
}

func summary(_ result: Result<DecodedJPEG, JPEGError>) -> String {
    switch result {
    case .success(let image):
        return "\(image.width)×\(image.height) at \(image.regionX),\(image.regionY) of \(image.scaledWidth)×\(image.scaledHeight), warnings \(image.warnings)"
    case .failure(let error): return "error \(error)"
    }
}

func check(_ result: Result<DecodedJPEG, JPEGError>, options: JPEGDecodeOptions, header: JPEGHeader?, length: Int) {
    switch result {
    case .success(let image):
        guard let header else { FuzzCheck.fail("decoded \(summary(result)) but the probe failed") }
        FuzzCheck.expect(image.storedWidth == header.storedWidth && image.storedHeight == header.storedHeight
                         && image.colorSpace == header.colorSpace,
                         "decode says \(image.storedWidth)×\(image.storedHeight) \(image.colorSpace), probe \(header.storedWidth)×\(header.storedHeight) \(header.colorSpace)")
        FuzzCheck.expect(image.width * image.height <= options.pixelLimit, "decoded beyond the pixel limit")
        FuzzCheck.expect(image.scaledWidth == options.scale.scaledLength(image.storedWidth)
                         && image.scaledHeight == options.scale.scaledLength(image.storedHeight), "scaled size \(summary(result))")
        let expected = options.region ?? JPEGRegion(x: 0, y: 0, width: image.scaledWidth, height: image.scaledHeight)
        FuzzCheck.expect(image.regionX == expected.x && image.regionY == expected.y && image.width == expected.width
                         && image.height == expected.height, "asked for \(expected), got \(summary(result))")
        FuzzCheck.expect(image.pixels.count == image.width * image.height * 3, "\(image.pixels.count) pixel bytes")
    case .failure(.overPixelLimit(let width, let height, let decoded, let coefficients, let limit)):
        let region = options.region.map { $0.width * $0.height }
            ?? options.scale.scaledLength(width) * options.scale.scaledLength(height)
        FuzzCheck.expect(limit == options.pixelLimit && decoded + coefficients > limit && decoded == region,
                         "overPixelLimit \(width)×\(height): \(decoded) + \(coefficients) for limit \(limit), region \(region)")
        if let header {
            FuzzCheck.expect(width == header.storedWidth && height == header.storedHeight, "overPixelLimit size differs from the probe's")
        }
    case .failure(.tooLittleData(let width, let height, let blocks, let byteCount)):
        FuzzCheck.expect(byteCount == length && blocks / 8 > byteCount, "tooLittleData \(blocks) blocks in \(byteCount) of \(length) bytes")
        if let header {
            FuzzCheck.expect(width == header.storedWidth && height == header.storedHeight, "tooLittleData size differs from the probe's")
        }
    case .failure(let error):
        FuzzCheck.expect(!error.description.isEmpty, "an error without a description")
    }
}

/// A clean full decode implies the region decode is clean too and has the same pixels.
func checkRegion(_ part: Result<DecodedJPEG, JPEGError>, matches full: DecodedJPEG, options: JPEGDecodeOptions) {
    guard case .success(let region) = part, region.warnings.isEmpty else {
        FuzzCheck.fail("the full decode was clean but the region decode gave \(summary(part)) with \(options)")
    }
    for y in 0..<region.height {
        let fullStart = ((region.regionY + y) * full.width + region.regionX) * 3
        let regionStart = y * region.width * 3
        let same = full.pixels[fullStart..<fullStart + region.width * 3] == region.pixels[regionStart..<regionStart + region.width * 3]
        FuzzCheck.expect(same, "region row \(y) differs from the full decode with \(options)")
    }
}
