internal import CHEIF
import EXIF
import PhotoGridSupport

/// Reads a HEIC's or AVIF's primary image header without decoding pixels.
public enum HEIFFileProbe {
    /// The largest Exif item read.
    static let exifLimit = 1 << 20

    /// The primary image's size after the container's transforms, its alpha and bit depth, and the
    /// EXIF date and orientation from its Exif item.
    public static func probe(path: String) throws(HEIFError) -> HEIFHeader {
        try checkNotEmpty(path)
        let file = try HEIFContext(path: path)
        let handle = file.primary
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        guard width > 0, height > 0 else { throw .invalidSize(width: width, height: height) }
        var warnings: [String] = []
        let exif = exifMetadata(handle, warnings: &warnings)
        warnings += exif.warnings
        var header = HEIFHeader(width: width, height: height,
                          codedWidth: Int(heif_image_handle_get_ispe_width(handle)),
                          codedHeight: Int(heif_image_handle_get_ispe_height(handle)),
                          hasAlpha: heif_image_handle_has_alpha_channel(handle) != 0,
                          bitDepth: Int(heif_image_handle_get_luma_bits_per_pixel(handle)),
                          thumbnailSizes: HEIFDecoder.thumbnails(of: handle).map { ($0.width, $0.height) },
                          exifOrientation: exif.orientation, takenAt: exif.dateTimeOriginal, warnings: warnings)
        header.contentIdentifier = exif.contentIdentifier
        header.motionPhoto = motionPhoto(handle)
        return header
    }

    /// The Motion Photo announcement of the image's XMP (`mime` items holding an XMP packet), if any.
    static func motionPhoto(_ handle: OpaquePointer) -> MotionPhotoXMP? {
        var ids = [heif_item_id](repeating: 0, count: 8)
        let count = Int(heif_image_handle_get_list_of_metadata_block_IDs(handle, "mime", &ids, Int32(ids.count)))
        for id in ids.prefix(max(0, min(count, ids.count))) {
            let size = heif_image_handle_get_metadata_size(handle, id)
            guard size > 0, size <= exifLimit else { continue }
            var data = [UInt8](repeating: 0, count: size)
            guard data.withUnsafeMutableBytes({ heif_image_handle_get_metadata(handle, id, $0.baseAddress) }).code == heif_error_Ok else { continue }
            if let found = MotionPhotoXMP(xmp: data) { return found }
        }
        return nil
    }

    /// An empty file says so (libheif would call it a missing ftyp).
    static func checkNotEmpty(_ path: String) throws(HEIFError) {
        let first: [UInt8]
        do {
            first = try ReadOnlyFile(path: path).read(1, at: 0)
        } catch {
            throw .libheif(call: error.call, code: Int(heif_error_Input_does_not_exist.rawValue), subcode: Int(error.errno),
                           message: "cannot read the file (errno \(error.errno))")
        }
        if first.isEmpty { throw .empty }
    }

    /// The first Exif item of `handle`: a 4-byte big-endian offset to the TIFF header, then the TIFF data.
    static func exifMetadata(_ handle: OpaquePointer, warnings: inout [String]) -> EXIFMetadata {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return EXIFMetadata() }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size >= 4, size <= exifLimit else {
            if size > exifLimit { warnings.append("HEIF: Exif item of \(size) bytes ignored (more than \(exifLimit))") }
            return EXIFMetadata()
        }
        var data = [UInt8](repeating: 0, count: size)
        let result = data.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard result.code == heif_error_Ok else {
            warnings.append("HEIF: the Exif item cannot be read")
            return EXIFMetadata()
        }
        let offset = data[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard offset <= size - 4 else {
            warnings.append("HEIF: the Exif item's TIFF offset \(offset) is past its end")
            return EXIFMetadata()
        }
        return EXIFMetadata(tiff: Array(data[(4 + offset)...]))
    }
}
