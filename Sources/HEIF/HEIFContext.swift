internal import CHEIF

/// A libheif context that has read one file, and its primary image handle: one owner, freed with it.
struct HEIFContext: ~Copyable {
    let context: OpaquePointer
    let primary: OpaquePointer

    /// Reads the file at `path` (libheif parses the boxes; nothing is decoded).
    init(path: String) throws(HEIFError) {
        guard pg_heif_load() == 0 else { throw .libraryUnavailable(reason: String(cString: pg_heif_load_error())) }
        guard let context = heif_context_alloc() else {
            throw .libheif(call: "heif_context_alloc", code: -1, subcode: 0, message: "out of memory")
        }
        // Sides above this are refused by libheif before it allocates anything for them.
        heif_context_set_maximum_image_size_limit(context, Self.maximumSide)
        do throws(HEIFError) {
            try Self.check(heif_context_read_from_file(context, path, nil), "heif_context_read_from_file")
            var handle: OpaquePointer?
            try Self.check(heif_context_get_primary_image_handle(context, &handle), "heif_context_get_primary_image_handle")
            guard let handle else {
                throw HEIFError.libheif(call: "heif_context_get_primary_image_handle", code: -1, subcode: 0, message: "no handle")
            }
            self.context = context
            self.primary = handle
        } catch {
            heif_context_free(context)
            throw error
        }
    }

    deinit {
        heif_image_handle_release(primary)
        heif_context_free(context)
    }

    /// The largest image side libheif may allocate for (JPEG's limit).
    static let maximumSide: Int32 = 65_535

    /// Throws `result` unless it is `heif_error_Ok`.
    static func check(_ result: heif_error, _ call: String) throws(HEIFError) {
        guard result.code != heif_error_Ok else { return }
        let message = result.message.map { String(cString: $0) } ?? ""
        throw .libheif(call: call, code: Int(result.code.rawValue), subcode: Int(result.subcode.rawValue), message: message)
    }
}
