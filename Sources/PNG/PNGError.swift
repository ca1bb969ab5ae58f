import Platform

/// Why a PNG could not be read.
public enum PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (`call` names it, `errno` is its error number).
    case system(call: String, path: String, errno: Int32)
    /// The file is empty.
    case empty
    /// The bytes do not start with the PNG signature; `detail` says what they are if known.
    case notPNG(detail: String)
    /// The file ends inside the data that `call` reads.
    case truncated(call: String)
    /// libpng refused the data; `call` names the libpng function, `message` is libpng's text.
    case libpng(call: String, message: String)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (checked from IHDR,
    /// before anything is allocated for the image).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// The file changed between the probe and the decode (another IHDR size).
    case sizeChanged(path: String)

    public var description: String {
        switch self {
        case let .system(call, path, errno):
            return "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .empty:
            return "empty file"
        case let .notPNG(detail):
            return "not a PNG" + (detail.isEmpty ? "" : " (\(detail))")
        case let .truncated(call):
            return "\(call): truncated PNG: the file ends inside a chunk"
        case let .libpng(call, message):
            return "\(call): \(message)"
        case let .overPixelLimit(w, h, limit):
            return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case let .sizeChanged(path):
            return "\(path): the PNG changed while it was read (another size)"
        }
    }
}
