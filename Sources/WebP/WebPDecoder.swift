internal import PhotoGridSupport
internal import CWebP

/// Decodes WebPs to packed RGB8 through libwebp, scaled while decoding (an animation: its first frame on
/// the canvas, through libwebpdemux, at full size).
public enum WebPDecoder {
    /// The default pixel limit on the stored size (2^28, as for JPEG).
    public static let defaultPixelLimit = 1 << 28

    /// Decodes the image at `path` (see `DecodedWebP`). With `longSide`, libwebp scales while decoding
    /// (`use_scaling`) so that the longer side is at most `longSide`, keeping the aspect ratio (never
    /// enlarging; each side at least 1). The stored size is probed and checked against `pixelLimit`
    /// before anything is decoded. An animated WebP gives its first frame drawn on the canvas, at
    /// the canvas size (`longSide` does not apply: libwebp's animation decoder does not scale).
    public static func decode(path: String, longSide: Int? = nil,
                              pixelLimit: Int = defaultPixelLimit) throws(WebPError) -> DecodedWebP {
        if let longSide, longSide < 1 {
            throw .invalidArgument(call: "WebPDecoder.decode", message: "longSide must be at least 1, not \(longSide)")
        }
        let header = try WebPFileProbe.probe(path: path)
        let (width, height) = (header.storedWidth, header.storedHeight)
        guard width * height <= pixelLimit else { throw .overPixelLimit(width: width, height: height, limit: pixelLimit) }
        if header.isAnimated { return try firstFrame(path: path, header: header) }
        var (outWidth, outHeight) = (width, height)
        if let longSide, max(width, height) > longSide {
            if width >= height {
                outWidth = longSide; outHeight = max(1, (height * longSide + width / 2) / width)
            } else {
                outHeight = longSide; outWidth = max(1, (width * longSide + height / 2) / height)
            }
        }
        let file = try ReadOnlyFile(webP: path)
        let data = try file.allWebPBytes()
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .libwebp(call: "WebPInitDecoderConfig", status: "ABI mismatch")
        }
        if (outWidth, outHeight) != (width, height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(outWidth)
            config.options.scaled_height = Int32(outHeight)
        }
        // Without alpha libwebp writes RGB straight into the result; with alpha, RGBA that is then
        // composited on white.
        let channels = header.hasAlpha ? 4 : 3
        config.output.colorspace = header.hasAlpha ? MODE_RGBA : MODE_RGB
        var decoded = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        let status = decoded.withUnsafeMutableBufferPointer { output in
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = output.baseAddress
            config.output.u.RGBA.stride = Int32(outWidth * channels)
            config.output.u.RGBA.size = output.count
            return data.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        }
        WebPFreeDecBuffer(&config.output)
        guard status == VP8_STATUS_OK else { throw .libwebp(call: "WebPDecode", status: WebPStatus.name(status)) }
        guard header.hasAlpha else {
            return DecodedWebP(width: outWidth, height: outHeight, storedWidth: width, storedHeight: height, pixels: decoded)
        }
        return DecodedWebP(width: outWidth, height: outHeight, storedWidth: width, storedHeight: height,
                           pixels: decoded.withUnsafeBufferPointer { onWhite($0, count: outWidth * outHeight) })
    }

    /// The first frame of an animation, drawn on its canvas (libwebpdemux's `WebPAnimDecoder`: the
    /// frame at its offset, blended, the rest of the canvas transparent), alpha composited on white.
    static func firstFrame(path: String, header: WebPHeader) throws(WebPError) -> DecodedWebP {
        let data = try ReadOnlyFile(webP: path).allWebPBytes()
        return try data.withUnsafeBufferPointer { bytes throws(WebPError) -> DecodedWebP in
            var webPData = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw .libwebp(call: "WebPAnimDecoderOptionsInit", status: "ABI mismatch")
            }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            guard let decoder = WebPAnimDecoderNew(&webPData, &options) else {
                throw .libwebp(call: "WebPAnimDecoderNew", status: "not a valid animation")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                throw .libwebp(call: "WebPAnimDecoderGetInfo", status: "failed")
            }
            let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
            guard (width, height) == (header.storedWidth, header.storedHeight) else {
                throw .libwebp(call: "WebPAnimDecoderGetInfo", status: "canvas \(width)×\(height), the header says \(header.storedWidth)×\(header.storedHeight)")
            }
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                throw .libwebp(call: "WebPAnimDecoderGetNext", status: "the first frame cannot be decoded")
            }
            // The canvas belongs to the decoder (valid until the next call or deletion).
            let pixels = onWhite(UnsafeBufferPointer(start: canvas, count: width * height * 4), count: width * height)
            return DecodedWebP(width: width, height: height, storedWidth: width, storedHeight: height, pixels: pixels)
        }
    }

    /// `count` RGBA pixels as RGB with the alpha composited on white, rounded: c·a/255 + 255·(255 − a)/255.
    static func onWhite(_ rgba: UnsafeBufferPointer<UInt8>, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count * 3) { pixels, initialized in
            for i in 0..<count {
                let a = UInt32(rgba[i * 4 + 3])
                for c in 0..<3 {
                    pixels[i * 3 + c] = UInt8((UInt32(rgba[i * 4 + c]) * a + 255 * (255 - a) + 127) / 255)
                }
            }
            initialized = count * 3
        }
    }
}
