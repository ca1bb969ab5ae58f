/// Why a HEIC or AVIF could not be read.
public enum HEIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libheif refused the file or the call: `call` names the function; `code`, `subcode` and `message`
    /// are its `heif_error`.
    case libheif(call: String, code: Int, subcode: Int, message: String)
    /// The file is empty.
    case empty
    /// libheif (libheif.so.1, loaded on first use) is not on this machine or lacks a function.
    case libraryUnavailable(reason: String)
    /// The image's codec has no decoder plugin in this libheif (`codec`: "HEVC" or "AV1").
    case missingDecoder(codec: String)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (checked from the
    /// container, before anything is decoded).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// libheif returned an image without the plane asked for (not expected).
    case noPixels
    /// The container declares an image without pixels (a side of 0, e.g. cropped away by `clap`).
    case invalidSize(width: Int, height: Int)
    /// The decoded image is not the size the container declares (a corrupt file: the thumbnail's
    /// crop is planned from the declared size).
    case sizeMismatch(declaredWidth: Int, declaredHeight: Int, decodedWidth: Int, decodedHeight: Int)

    public var description: String {
        switch self {
        case let .libheif(call, code, subcode, message): return "\(call): \(message) (heif_error \(code).\(subcode))"
        case .empty: return "empty file"
        case let .libraryUnavailable(reason): return "HEIC and AVIF need libheif (Debian: apt-get install libheif1): \(reason)"
        case let .missingDecoder(codec):
            return "\(codec == "AV1" ? "AVIF" : "HEIC") (\(codec)) decoding is not available: libheif has no \(codec) decoder plugin"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case .noPixels: return "libheif returned no interleaved RGB plane"
        case let .invalidSize(w, h): return "the primary image is \(w)×\(h) pixels"
        case let .sizeMismatch(dw, dh, w, h): return "decoded \(w)×\(h) pixels, the container declares \(dw)×\(dh)"
        }
    }
}
