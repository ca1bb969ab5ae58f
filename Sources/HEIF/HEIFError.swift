/// Why a HEIC or AVIF could not be read.
public enum HEIFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libheif refused the file or the call: `call` names the function; `code`, `subcode` and `message`
    /// are its `heif_error`.
    case libheif(call: String, code: Int, subcode: Int, message: String)
    /// The file is empty.
    case empty
    /// The image's codec has no decoder plugin in this libheif (`codec`: "HEVC" or "AV1").
    case missingDecoder(codec: String)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (checked from the
    /// container, before anything is decoded).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// libheif returned an image without the plane asked for (not expected).
    case noPixels

    public var description: String {
        switch self {
        case let .libheif(call, code, subcode, message): return "\(call): \(message) (heif_error \(code).\(subcode))"
        case .empty: return "empty file"
        case let .missingDecoder(codec):
            return "\(codec == "AV1" ? "AVIF" : "HEIC") (\(codec)) decoding is not available: libheif has no \(codec) decoder plugin"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case .noPixels: return "libheif returned no interleaved RGB plane"
        }
    }
}
