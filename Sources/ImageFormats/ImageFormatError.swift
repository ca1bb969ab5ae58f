public import JPEG
public import PNG
public import WebP

/// Why a photo or video could not be probed or decoded: its format module's error.
public enum ImageFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A JPEG could not be read (the JPEG module's error, said as it says it).
    case jpeg(JPEGError)
    case png(PNGError)
    case webp(WebPError)
    /// A HEIC or AVIF could not be read (the HEIF module's message, naming the libheif call).
    case heif(String)
    /// A video could not be read (the Video module's message, with libavformat's reason).
    case video(String)
    /// A system call on the file failed (`call` names it).
    case system(call: String, errno: Int32)
    /// Decoding the `width`×`height` image would hold more pixels than `limit` (from the header,
    /// before anything is decoded; also the index's refusal of a header that declares more).
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// The region asked for lies outside the image: the file's size is not the one the caller knew.
    case regionOutsideImage
    /// The format is not one this build reads.
    case unsupported(ImageFormat)

    public var description: String {
        switch self {
        case let .jpeg(error): return error.description
        case let .png(error): return "PNG: \(error)"
        case let .webp(error): return "WebP: \(error)"
        case let .heif(message): return "HEIF: \(message)"
        case let .video(message): return "video: \(message)"
        case let .system(call, errno): return "\(call) failed (errno \(errno))"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case .regionOutsideImage: return "the region to decode lies outside the image"
        case let .unsupported(format): return "\(format.rawValue) files are not read by this build"
        }
    }
}
