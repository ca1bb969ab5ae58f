/// Why a video could not be read.
public enum VideoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read (`call` failed with `errno`).
    case unreadable(call: String, errno: Int32)
    /// The file is empty.
    case empty
    /// FFmpeg's libraries (loaded on first use) are not on this machine or lack a function.
    case libraryUnavailable(reason: String)
    /// libavformat recognises no container in the file's first bytes.
    case unrecognizedFormat
    /// The container is one libavformat knows but not a camera's movie (`format`: its demuxer's name,
    /// e.g. "jpeg_pipe" for a JPEG named .mov).
    case unsupportedContainer(format: String)
    /// An FFmpeg call refused the file: `call` names the function, `code` is its AVERROR and `reason`
    /// av_strerror's text for it.
    case ffmpeg(call: String, code: Int32, reason: String)
    /// Reading took longer than the time limit (libavformat was interrupted).
    case timedOut(seconds: Double)
    /// The file has no video stream (audio only, or only a cover picture).
    case noVideoStream
    /// The video stream declares a size without pixels.
    case invalidSize(width: Int, height: Int)
    /// The video's `width`×`height` (coded or as displayed) exceeds `limit` pixels; checked before
    /// anything of that size is allocated.
    case overPixelLimit(width: Int, height: Int, limit: Int)
    /// This libavcodec has no decoder for the stream's codec (`codec`: FFmpeg's name for it).
    case missingDecoder(codec: String)
    /// No frame came out of the decoder within the packets read for the poster.
    case noFrame
    /// The MP4/MOV sample tables declare more samples than the file can hold (`MovieSampleTables`):
    /// refused before libavformat would build an index for them.
    case implausibleSampleCount(samples: Int, fileSize: Int)

    public var description: String {
        switch self {
        case let .unreadable(call, errno): return "cannot read the file (\(call): errno \(errno))"
        case .empty: return "empty file"
        case let .libraryUnavailable(reason): return "videos need FFmpeg's libraries (Debian: apt-get install libavformat59 libavcodec59 libswscale6): \(reason)"
        case .unrecognizedFormat: return "not a container libavformat recognises"
        case let .unsupportedContainer(format): return "a \(format) file, not a movie container"
        case let .ffmpeg(call, code, reason): return "\(call): \(reason) (AVERROR \(code))"
        case let .timedOut(seconds): return "reading took longer than \(seconds) s"
        case .noVideoStream: return "no video stream"
        case let .invalidSize(w, h): return "the video stream declares \(w)×\(h) pixels"
        case let .overPixelLimit(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case let .missingDecoder(codec): return "no \(codec) decoder in libavcodec"
        case .noFrame: return "no frame decoded"
        case let .implausibleSampleCount(samples, fileSize): return "the sample tables declare \(samples) samples, more than a \(fileSize)-byte file can hold"
        }
    }
}
