internal import CHEIF

/// Decodes a HEIC's or AVIF's primary image to packed RGB8 through libheif (HEVC through libde265,
/// AV1 through dav1d or libaom, as the system's libheif has them).
public enum HEIFDecoder {
    /// The default pixel limit (2^28, as for JPEG).
    public static let defaultPixelLimit = 1 << 28

    /// Decodes the primary image of the file at `path` whole (HEVC has no scaled decoding), its
    /// transforms applied; the size from the container is checked against `pixelLimit` first.
    /// - Parameter codec: "HEVC" or "AV1" — the decoder the file needs, checked before decoding so
    ///   that a missing plugin says so (from the file's brands: `ImageFormat`).
    public static func decode(path: String, codec: String? = nil, pixelLimit: Int = defaultPixelLimit) throws(HEIFError) -> DecodedHEIF {
        try HEIFFileProbe.checkNotEmpty(path)
        let file = try HEIFContext(path: path)
        let handle = file.primary
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        // The coded size is what the decoder allocates before cropping.
        let coded = max(width * height, Int(heif_image_handle_get_ispe_width(handle)) * Int(heif_image_handle_get_ispe_height(handle)))
        guard coded <= pixelLimit else { throw .overPixelLimit(width: width, height: height, limit: pixelLimit) }
        if let codec {
            let format = codec == "AV1" ? heif_compression_AV1 : heif_compression_HEVC
            guard heif_have_decoder_for_format(format) != 0 else { throw .missingDecoder(codec: codec) }
        }
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        var image: OpaquePointer?
        try HEIFContext.check(heif_decode_image(handle, &image, heif_colorspace_RGB,
                                                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil),
                              "heif_decode_image")
        guard let image else { throw .noPixels }
        defer { heif_image_release(image) }
        let outWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let outHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard outWidth > 0, outHeight > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw .noPixels
        }
        let channels = alpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<outHeight {
                let row = plane + y * Int(stride)
                for x in 0..<outWidth {
                    let source = row + x * channels
                    let target = (y * outWidth + x) * 3
                    if alpha {
                        // Alpha composited on white, rounded: c·a/255 + 255·(255 − a)/255.
                        let a = UInt32(source[3])
                        for c in 0..<3 { out[target + c] = UInt8((UInt32(source[c]) * a + 255 * (255 - a) + 127) / 255) }
                    } else {
                        out[target] = source[0]; out[target + 1] = source[1]; out[target + 2] = source[2]
                    }
                }
            }
        }
        return DecodedHEIF(width: outWidth, height: outHeight, pixels: pixels)
    }
}
