internal import CHEIF

/// Decodes a HEIC's or AVIF's primary image to packed RGB8 through libheif (HEVC through libde265,
/// AV1 through dav1d or libaom, as the system's libheif has them).
public enum HEIFDecoder {
    /// The default pixel limit (2^28, as for JPEG).
    public static let defaultPixelLimit = 1 << 28

    /// Decodes the primary image of the file at `path` whole (HEVC has no scaled decoding), its
    /// transforms applied; the size from the container is checked against `pixelLimit` first.
    ///
    /// With `atLeast`, the image's own thumbnail item is decoded instead when one is at least that
    /// large in both sides and has the primary image's shape (its sides proportional to within a
    /// pixel), the smallest such: `DecodedHEIF.isThumbnailItem` says which was decoded.
    /// - Parameter codec: "HEVC" or "AV1" — the decoder the file needs, checked before decoding so
    ///   that a missing plugin says so (from the file's brands: `ImageFormat`).
    /// - Throws: `.sizeMismatch` when libheif's pixels are not the size the container declares.
    public static func decode(path: String, codec: String? = nil, pixelLimit: Int = defaultPixelLimit,
                              atLeast minimum: (width: Int, height: Int)? = nil) throws(HEIFError) -> DecodedHEIF {
        try HEIFFileProbe.checkNotEmpty(path)
        let file = try HEIFContext(path: path)
        let primary = file.primary
        let width = Int(heif_image_handle_get_width(primary)), height = Int(heif_image_handle_get_height(primary))
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        heif_context_set_maximum_image_size_limit(file.context, Self.canvasSideLimit(declaredWidth: width, declaredHeight: height,
            ispeWidth: Int(heif_image_handle_get_ispe_width(primary)), ispeHeight: Int(heif_image_handle_get_ispe_height(primary))))
        if let codec {
            let format = codec == "AV1" ? heif_compression_AV1 : heif_compression_HEVC
            guard heif_have_decoder_for_format(format) != 0 else { throw .missingDecoder(codec: codec) }
        }
        if let minimum, let item = thumbnails(of: primary).first(where: {
            $0.width >= minimum.width && $0.height >= minimum.height
                && abs($0.width * height - $0.height * width) <= max(width, height)
        }) {
            var handle: OpaquePointer?
            try HEIFContext.check(heif_image_handle_get_thumbnail(primary, item.id, &handle), "heif_image_handle_get_thumbnail")
            guard let handle else { throw .noPixels }
            defer { heif_image_handle_release(handle) }
            return try decode(handle, width: item.width, height: item.height, pixelLimit: pixelLimit, isThumbnailItem: true)
        }
        return try decode(primary, width: width, height: height, pixelLimit: pixelLimit, isThumbnailItem: false)
    }

    /// The side limit given to libheif before decoding, so that no canvas it allocates has a side longer
    /// than the image declares (its size after transforms, or its `ispe`).
    ///
    /// An overlay (`iovl`) or a grid carries its own canvas size, which libheif 1.15 does not check
    /// against the declared one (a fuzzed 120×180 overlay asked for 26679×37464, 3 GB); libheif refuses a
    /// grid or overlay canvas whose side is *at least* the limit (`w >= limit`, heif_context.cc), an
    /// `ispe` only one above it: hence the longest side + 1. A real iPhone photo is a grid whose canvas is
    /// exactly its declared 4032×3024 (8×6 tiles of 512, the overhang cropped tile by tile): with the
    /// longest side itself as the limit every one of them was refused (`Image size 3024x4032 exceeds
    /// the maximum image size 4032x4032`). Memory stays bounded by the declared size: the canvas is at
    /// most (longest side)², each tile is one coded HEVC/AV1 image that libheif checks against the
    /// context's default limit while reading the file, and the pixel limit is checked before decoding.
    static func canvasSideLimit(declaredWidth: Int, declaredHeight: Int, ispeWidth: Int, ispeHeight: Int) -> Int32 {
        Int32(clamping: max(declaredWidth, declaredHeight, ispeWidth, ispeHeight) + 1)
    }

    /// The thumbnail items of `handle`: their ids and sizes after their transforms, smallest first
    /// (items whose handle cannot be read, or without pixels, are left out).
    static func thumbnails(of handle: OpaquePointer) -> [(id: heif_item_id, width: Int, height: Int)] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        var found: [(id: heif_item_id, width: Int, height: Int)] = []
        for id in ids.prefix(max(0, min(listed, count))) {
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else { continue }
            let width = Int(heif_image_handle_get_width(thumbnail)), height = Int(heif_image_handle_get_height(thumbnail))
            heif_image_handle_release(thumbnail)
            if width > 0, height > 0 { found.append((id, width, height)) }
        }
        return found.sorted { $0.width * $0.height < $1.width * $1.height }
    }

    /// Decodes the image of `handle`, declared `width`×`height`, to RGB8 with alpha on white.
    static func decode(_ handle: OpaquePointer, width: Int, height: Int, pixelLimit: Int,
                       isThumbnailItem: Bool) throws(HEIFError) -> DecodedHEIF {
        // The coded size is what the decoder allocates before cropping.
        let coded = max(width * height, Int(heif_image_handle_get_ispe_width(handle)) * Int(heif_image_handle_get_ispe_height(handle)))
        guard coded <= pixelLimit else { throw .overPixelLimit(width: width, height: height, limit: pixelLimit) }
        let alpha = heif_image_handle_has_alpha_channel(handle) != 0
        var image: OpaquePointer?
        try HEIFContext.check(heif_decode_image(handle, &image, heif_colorspace_RGB,
                                                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nil),
                              "heif_decode_image")
        guard let image else { throw .noPixels }
        defer { heif_image_release(image) }
        let outWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let outHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        guard outWidth == width, outHeight == height else {
            throw .sizeMismatch(declaredWidth: width, declaredHeight: height, decodedWidth: outWidth, decodedHeight: outHeight)
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(stride) >= outWidth * (alpha ? 4 : 3) else {
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
        return DecodedHEIF(width: outWidth, height: outHeight, pixels: pixels, isThumbnailItem: isThumbnailItem)
    }
}
