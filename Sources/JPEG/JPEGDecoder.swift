import CJPEGShims
import PhotoGridSupport

/// Decodes JPEGs to packed RGB8 with libjpeg, scaled (1/1…1/8) and optionally cropped to a region
/// so that only the needed rows and iMCU columns are decoded.
///
/// Grayscale is expanded to RGB; CMYK and YCCK are converted to RGB (Adobe-inverted when the file
/// has an Adobe APP14 marker). The pixel limit and the data-size check are made from the header
/// before libjpeg allocates its buffers (`JPEGDecodeOptions.pixelLimit`). Damaged data that libjpeg
/// decodes with warnings — a premature end (the rest grey), a missing EOI, corrupt entropy data — is
/// returned with `DecodedJPEG.damage` saying so, as a browser would show it; only libjpeg's errors
/// throw. Thread-safe: each call owns its own libjpeg object.
public enum JPEGDecoder {
    /// Decodes the file at `path`.
    public static func decode(path: String, options: JPEGDecodeOptions = .init()) throws(JPEGError) -> DecodedJPEG {
        let file = try ReadOnlyFile(jpeg: path)
        return try decode(fileDescriptor: file.descriptor, path: path, options: options)
    }

    /// Decodes the file open as `descriptor`, reading with pread from offset 0 (its offset is not
    /// used or moved; the descriptor stays the caller's). `path` is only used in error messages.
    public static func decode(fileDescriptor descriptor: Int32, path: String = "",
                              options: JPEGDecodeOptions = .init()) throws(JPEGError) -> DecodedJPEG {
        // Sniff the first bytes ourselves for clear errors ("not a JPEG (PNG data)", "empty file"),
        // as many as the probe looks at, so both describe a file alike.
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: FileSignature.sniffLength, alignment: 8)
        defer { head.deallocate() }
        let length = try preadFully(descriptor, into: head, at: 0, path: path)
        try JPEGHeader.checkSignature(UnsafeRawBufferPointer(rebasing: head[..<length]))
        return try run(options: options, path: path) { decoder, parameters, layout in
            pgjpeg_decoder_open_fd(decoder, descriptor, parameters, layout)
        }
    }

    /// Decodes a JPEG held in memory.
    public static func decode(bytes: [UInt8], options: JPEGDecodeOptions = .init()) throws(JPEGError) -> DecodedJPEG {
        try bytes.withJPEGBytes { (raw) throws(JPEGError) -> DecodedJPEG in
            try JPEGHeader.checkSignature(raw)
            return try run(options: options, path: "") { decoder, parameters, layout in
                pgjpeg_decoder_open_memory(decoder, raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                           raw.count, parameters, layout)
            }
        }
    }

    /// Opens a decoder with `open`, allocates the pixels and reads them.
    private static func run(
        options: JPEGDecodeOptions, path: String,
        open: (OpaquePointer, UnsafePointer<pgjpeg_decode_params>, UnsafeMutablePointer<pgjpeg_decode_layout>)
            -> pgjpeg_status
    ) throws(JPEGError) -> DecodedJPEG {
        var parameters = try makeParameters(options)
        guard let decoder = pgjpeg_decoder_new() else {
            throw .libjpeg(call: "pgjpeg_decoder_new", message: "out of memory")
        }
        defer { pgjpeg_decoder_free(decoder) }

        var layout = pgjpeg_decode_layout()
        let opened = open(decoder, &parameters, &layout)
        if opened != PGJPEG_STATUS_OK {
            throw error(opened, decoder: decoder, layout: layout, options: options, path: path)
        }

        let width = Int(layout.region_width), height = Int(layout.region_height)
        let byteCount = width * height * 3
        var status = PGJPEG_STATUS_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, initialized in
            status = pgjpeg_decoder_read(decoder, buffer.baseAddress, byteCount)
            initialized = status == PGJPEG_STATUS_OK ? byteCount : 0
        }
        if status != PGJPEG_STATUS_OK {
            throw error(status, decoder: decoder, layout: layout, options: options, path: path)
        }
        let diagnostics = pgjpeg_decoder_diagnostics(decoder).pointee
        return DecodedJPEG(
            width: width, height: height, regionX: Int(layout.region_x), regionY: Int(layout.region_y),
            scaledWidth: Int(layout.scaled_width), scaledHeight: Int(layout.scaled_height),
            storedWidth: Int(layout.header.width), storedHeight: Int(layout.header.height),
            colorSpace: JPEGColorSpace(layout.header.color_space), pixels: pixels,
            warnings: diagnostics.warningLines, damage: diagnostics.damage)
    }

    /// The C parameters for `options`; throws `.invalidArgument` for values C cannot represent.
    private static func makeParameters(_ options: JPEGDecodeOptions) throws(JPEGError) -> pgjpeg_decode_params {
        var parameters = pgjpeg_decode_params()
        parameters.scale_denom = UInt32(options.scale.denominator)
        guard options.pixelLimit >= 0 else {
            throw .invalidArgument(call: "JPEGDecoder.decode", message: "pixelLimit must not be negative")
        }
        parameters.pixel_limit = UInt64(options.pixelLimit)
        if let region = options.region {
            let fields = [region.x, region.y, region.width, region.height]
            guard fields.allSatisfy({ $0 >= 0 && $0 <= Int(UInt32.max) }), region.width > 0, region.height > 0 else {
                throw .invalidArgument(call: "JPEGDecoder.decode",
                                       message: "region \(region.x),\(region.y) \(region.width)×\(region.height) is empty or negative")
            }
            parameters.has_region = 1
            parameters.region_x = UInt32(region.x); parameters.region_y = UInt32(region.y)
            parameters.region_width = UInt32(region.width); parameters.region_height = UInt32(region.height)
        }
        switch options.dctMethod {
        case .accurateInteger: parameters.dct_method = PGJPEG_DCT_ISLOW
        case .fastInteger: parameters.dct_method = PGJPEG_DCT_IFAST
        case .float: parameters.dct_method = PGJPEG_DCT_FLOAT
        }
        parameters.fancy_upsampling = options.fancyUpsampling ? 1 : 0
        guard options.maximumScans > 0 else {
            throw .invalidArgument(call: "JPEGDecoder.decode", message: "maximumScans must be positive")
        }
        parameters.max_scans = Int32(clamping: options.maximumScans)
        return parameters
    }

    /// The typed error for a failed C status.
    private static func error(_ status: pgjpeg_status, decoder: OpaquePointer, layout: pgjpeg_decode_layout,
                              options: JPEGDecodeOptions, path: String) -> JPEGError {
        let diagnostics = pgjpeg_decoder_diagnostics(decoder).pointee
        switch status {
        case PGJPEG_STATUS_TOO_LARGE:
            let coefficients = Int(layout.coefficient_pixels)
            return .overPixelLimit(width: Int(layout.header.width), height: Int(layout.header.height),
                                   decodedPixels: Int(layout.needed_pixels) - coefficients,
                                   coefficientPixels: coefficients, limit: options.pixelLimit)
        case PGJPEG_STATUS_TOO_LITTLE_DATA:
            return .tooLittleData(width: Int(layout.header.width), height: Int(layout.header.height),
                                  blocks: Int(layout.block_count), byteCount: Int(layout.data_length))
        case PGJPEG_STATUS_TRUNCATED:
            return .truncated(call: diagnostics.callName(or: "jpeg_read_header"),
                              length: Int(diagnostics.truncated_length))
        case PGJPEG_STATUS_INVALID_ARGUMENT:
            return .invalidArgument(call: diagnostics.callName(or: "JPEGDecoder.decode"),
                                    message: diagnostics.messageText)
        default:
            if diagnostics.system_errno != 0 {
                return .system(call: "pread", path: path, errno: diagnostics.system_errno)
            }
            return .libjpeg(call: diagnostics.callName(or: "pgjpeg_decoder"), message: diagnostics.messageText)
        }
    }
}
