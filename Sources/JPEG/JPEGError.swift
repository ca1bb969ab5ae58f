#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a JPEG could not be read or written.
public enum JPEGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (`call` names it, `errno` is its error number).
    case system(call: String, path: String, errno: Int32)
    /// The bytes are not a JPEG (no SOI marker); `detail` says what they look like if known ("PNG data").
    case notJPEG(detail: String)
    /// The file is empty.
    case empty
    /// The data ends after `length` bytes, before the header that `call` reads is complete.
    case truncated(call: String, length: Int)
    /// libjpeg refused the data; `call` names the libjpeg function, `message` is libjpeg's text.
    case libjpeg(call: String, message: String)
    /// The declared size exceeds the pixel limit (checked from the header, before any allocation).
    case tooLarge(width: Int, height: Int, limit: Int)
    /// An argument is out of range; `call` names the function, `message` says which argument.
    case invalidArgument(call: String, message: String)

    public var description: String {
        switch self {
        case let .system(call, path, errno):
            return "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case let .notJPEG(detail):
            return "not a JPEG" + (detail.isEmpty ? "" : " (\(detail))")
        case .empty:
            return "empty file"
        case let .truncated(call, length):
            return "\(call): truncated JPEG: the data ends after \(length) bytes, inside the header"
        case let .libjpeg(call, message):
            return "\(call): \(message)"
        case let .tooLarge(w, h, limit):
            return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case let .invalidArgument(call, message):
            return "\(call): \(message)"
        }
    }
}
