public import ImageFormats
public import Thumbnails
import Platform

/// Why a picture has no signature. Each case reads as one line.
public enum SignatureError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, call: String, errno: Int32)
    /// The file's first bytes are no format PhotoGrid reads.
    case unknownFormat(path: String)
    /// The file's header could not be read (damaged, truncated, unsupported).
    case probe(ImageFormatError)
    /// The small picture could not be rendered (the thumbnail pipeline's reason).
    case thumbnail(ThumbnailError)

    public var description: String {
        switch self {
        case .unreadable(let path, let call, let errno):
            return "\(call)(\(path)) failed: \(String(cString: strerror(errno))) (errno \(errno))"
        case .unknownFormat(let path): return "\(path) is not a photo or video PhotoGrid reads"
        case .probe(let error): return error.description
        case .thumbnail(let error): return error.description
        }
    }
}
