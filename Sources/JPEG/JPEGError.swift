import Platform

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
    /// Decoding the `width`×`height` image would hold more pixels than `limit`
    /// (`JPEGDecodeOptions.pixelLimit`): `decodedPixels` returned at the chosen scale, plus
    /// `coefficientPixels` for the whole-image coefficient buffer of a progressive or multi-scan
    /// file. Checked from the header, before anything is allocated for the image.
    case overPixelLimit(width: Int, height: Int, decodedPixels: Int, coefficientPixels: Int, limit: Int)
    /// The file (`byteCount` bytes) is too short for the `width`×`height` it declares: less than one
    /// bit per 8×8 block (`blocks` of them). A decompression bomb, or a download that barely started;
    /// refused from the header, before anything is allocated for the image.
    case tooLittleData(width: Int, height: Int, blocks: Int, byteCount: Int)
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
        case let .overPixelLimit(w, h, decoded, 0, limit):
            return "\(w)×\(h): decoding needs \(decoded) pixels, more than the pixel limit of \(limit)"
        case let .overPixelLimit(w, h, decoded, coefficients, limit):
            return "\(w)×\(h) progressive: decoding needs \(decoded + coefficients) pixels (\(decoded) decoded + "
                + "\(coefficients) for the whole image's coefficients), more than the pixel limit of \(limit)"
        case let .tooLittleData(w, h, blocks, bytes):
            return "\(w)×\(h) declared in \(bytes) bytes, less than one bit per 8×8 block (\(blocks) blocks): "
                + "a decompression bomb or a file cut short"
        case let .invalidArgument(call, message):
            return "\(call): \(message)"
        }
    }
}
