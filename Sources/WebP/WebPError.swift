import Platform

/// Why a WebP could not be read.
public enum WebPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (`call` names it, `errno` is its error number).
    case system(call: String, path: String, errno: Int32)
    /// The file is empty.
    case empty
    /// The bytes are not RIFF/WEBP.
    case notWebP(detail: String)
    /// libwebp refused the data; `call` names the function, `status` its VP8StatusCode.
    case libwebp(call: String, status: String)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (checked from the probe).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// An argument is out of range.
    case invalidArgument(call: String, message: String)

    public var description: String {
        switch self {
        case let .system(call, path, errno):
            return "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .empty: return "empty file"
        case let .notWebP(detail): return "not a WebP" + (detail.isEmpty ? "" : " (\(detail))")
        case let .libwebp(call, status): return "\(call): \(status)"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case let .invalidArgument(call, message): return "\(call): \(message)"
        }
    }
}
