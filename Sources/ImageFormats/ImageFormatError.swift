public import PNG
public import WebP

/// Why a PNG, WebP or HEIF file could not be probed or decoded: its format module's error.
public enum ImageFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    case png(PNGError)
    case webp(WebPError)
    /// A HEIC or AVIF could not be read (the HEIF module's message, naming the libheif call).
    case heif(String)
    /// A video could not be read (the Video module's message, with libavformat's reason).
    case video(String)
    /// A system call on the file failed (`call` names it).
    case system(call: String, errno: Int32)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (from the header,
    /// before anything is decoded).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// The format is not one this build reads.
    case unsupported(ImageFormat)

    public var description: String {
        switch self {
        case let .png(error): return "PNG: \(error)"
        case let .webp(error): return "WebP: \(error)"
        case let .heif(message): return "HEIF: \(message)"
        case let .video(message): return "video: \(message)"
        case let .system(call, errno): return "\(call) failed (errno \(errno))"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case let .unsupported(format): return "\(format.rawValue) files are not read by this build"
        }
    }
}
