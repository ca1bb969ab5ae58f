import CJPEGShims

/// Encodes packed pixels to JPEG bytes with libjpeg, behind the same setjmp error manager as
/// decoding. Thread-safe: each call owns its own libjpeg object.
public enum JPEGEncoder {
    /// Encodes packed RGB8 (`width × height × 3` bytes) as a baseline JPEG with optimized Huffman
    /// tables.
    public static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int = 85) throws(JPEGError) -> [UInt8] {
        try encode(pixels: rgb, width: width, height: height, format: .rgb, options: JPEGEncodeOptions(quality: quality))
    }

    /// Encodes packed pixels of `format` (`width × height × format.bytesPerPixel` bytes).
    public static func encode(pixels: [UInt8], width: Int, height: Int, format: JPEGPixelFormat,
                              options: JPEGEncodeOptions = .init()) throws(JPEGError) -> [UInt8] {
        guard width > 0, height > 0, width <= 65500, height <= 65500 else {
            throw .invalidArgument(call: "JPEGEncoder.encode", message: "size \(width)×\(height) is outside 1...65500")
        }
        guard pixels.count == width * height * format.bytesPerPixel else {
            throw .invalidArgument(call: "JPEGEncoder.encode",
                                   message: "\(pixels.count) bytes for \(width)×\(height) pixels of \(format.bytesPerPixel) bytes")
        }
        guard (1...100).contains(options.quality) else {
            throw .invalidArgument(call: "JPEGEncoder.encode", message: "quality \(options.quality) is outside 1...100")
        }
        var parameters = pgjpeg_encode_params()
        parameters.width = UInt32(width)
        parameters.height = UInt32(height)
        parameters.stride = width * format.bytesPerPixel
        parameters.input_components = Int32(format.bytesPerPixel)
        parameters.quality = Int32(options.quality)
        parameters.optimize_coding = options.optimizeCoding ? 1 : 0
        parameters.progressive = options.progressive ? 1 : 0
        parameters.arithmetic = options.arithmetic ? 1 : 0
        if case let .cmyk(ycck, adobeMarker) = format {
            parameters.store_ycck = ycck ? 1 : 0
            parameters.write_adobe_marker = adobeMarker ? 1 : 0
        }

        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        var diagnostics = pgjpeg_diagnostics()
        let status = pixels.withUnsafeBufferPointer { buffer in
            pgjpeg_encode(buffer.baseAddress, &parameters, &output, &outputSize, &diagnostics)
        }
        defer { pgjpeg_free(output) }
        guard status == PGJPEG_STATUS_OK, let output else {
            if status == PGJPEG_STATUS_INVALID_ARGUMENT {
                throw .invalidArgument(call: diagnostics.callName(or: "pgjpeg_encode"), message: diagnostics.messageText)
            }
            throw .libjpeg(call: diagnostics.callName(or: "pgjpeg_encode"), message: diagnostics.messageText)
        }
        return Array(UnsafeBufferPointer(start: output, count: outputSize))
    }
}
