// STUB written by the lead: the public API that PhotoLibrary codes against.
// The JPEG helper replaces the implementation (keeping these public names and shapes).
import CJPEGShims

/// The colour space libjpeg reports for a JPEG's stored components.
public enum JPEGColorSpace: String, Sendable, Equatable, CaseIterable {
    case grayscale, rgb, ycbcr, cmyk, ycck, unknown
}

/// What a JPEG's header says, read without decoding a pixel.
public struct JPEGHeader: Sendable, Equatable {
    /// Pixel width as stored in the SOF marker (before EXIF orientation).
    public var storedWidth: Int
    /// Pixel height as stored in the SOF marker (before EXIF orientation).
    public var storedHeight: Int
    /// Number of colour components (1 grayscale, 3 YCbCr/RGB, 4 CMYK/YCCK).
    public var components: Int
    public var colorSpace: JPEGColorSpace
    public var isProgressive: Bool
    public var isArithmetic: Bool
    /// EXIF orientation 1...8 (1 when absent or invalid).
    public var orientation: Int
    /// EXIF DateTimeOriginal as ISO 8601 local time without zone ("2008-10-22T16:29:49"), if present and valid.
    public var takenAt: String?
    /// Non-fatal problems (libjpeg warnings, out-of-range orientation, bad EXIF offsets).
    public var warnings: [String]

    public init(storedWidth: Int, storedHeight: Int, components: Int, colorSpace: JPEGColorSpace,
                isProgressive: Bool, isArithmetic: Bool, orientation: Int, takenAt: String?, warnings: [String]) {
        self.storedWidth = storedWidth; self.storedHeight = storedHeight; self.components = components
        self.colorSpace = colorSpace; self.isProgressive = isProgressive; self.isArithmetic = isArithmetic
        self.orientation = orientation; self.takenAt = takenAt; self.warnings = warnings
    }

    /// Display width: the stored size swapped for orientations 5–8.
    public var displayWidth: Int { orientation >= 5 ? storedHeight : storedWidth }
    /// Display height: the stored size swapped for orientations 5–8.
    public var displayHeight: Int { orientation >= 5 ? storedWidth : storedHeight }
}

/// The result of probing a file: its header and a digest of its first bytes (for content keys).
public struct JPEGFileProbe: Sendable, Equatable {
    public var header: JPEGHeader
    /// 64-bit FNV-1a of the first min(fileSize, 65536) bytes of the file.
    public var prefixDigest: UInt64
    public init(header: JPEGHeader, prefixDigest: UInt64) { self.header = header; self.prefixDigest = prefixDigest }
}

/// Why a JPEG could not be read.
public enum JPEGError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed (`call` names it, `errno` is its error number).
    case system(call: String, path: String, errno: Int32)
    /// The bytes are not a JPEG (no SOI marker); `detail` says what they look like if known ("PNG").
    case notJPEG(detail: String)
    /// The file is empty.
    case empty
    /// libjpeg refused the data; `call` names the libjpeg function, `message` is libjpeg's text.
    case libjpeg(call: String, message: String)
    /// The declared size exceeds the pixel limit (checked from the header, before any allocation).
    case tooLarge(width: Int, height: Int, limit: Int)
    case notImplemented

    public var description: String {
        switch self {
        case let .system(call, path, errno): return "\(call)(\(path)) failed: errno \(errno)"
        case let .notJPEG(detail): return "not a JPEG" + (detail.isEmpty ? "" : " (\(detail))")
        case .empty: return "empty file"
        case let .libjpeg(call, message): return "\(call): \(message)"
        case let .tooLarge(w, h, limit): return "\(w)×\(h) exceeds the pixel limit of \(limit)"
        case .notImplemented: return "not implemented"
        }
    }
}

extension JPEGHeader {
    /// Probes the JPEG at `path` from its first bytes (64 KiB; more only when the SOF lies further).
    public static func probe(path: String) throws(JPEGError) -> JPEGFileProbe { throw .notImplemented }
    /// Probes a JPEG held in memory.
    public static func probe(bytes: [UInt8]) throws(JPEGError) -> JPEGHeader { throw .notImplemented }
}
