public import Imaging
public import JPEG
public import ImageFormats
public import PhotoGridSupport

import Platform

/// Why a thumbnail (or the thumbnail folder) could not be made. Each case reads as one line.
public enum ThumbnailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo's sizes or the target cannot be planned.
    case plan(ThumbnailPlanError)
    /// Reading, decoding or encoding the JPEG failed (includes `.overPixelLimit` and `.tooLittleData`).
    case jpeg(JPEGError)
    /// Reading or decoding a PNG, WebP or HEIF failed (includes `.overPixelLimit`).
    case image(ImageFormatError)
    /// An imaging operation refused its input (not expected for a valid plan).
    case imaging(ImagingError)
    /// The file's size or modification time differs from what the caller expected (the index):
    /// it changed since it was indexed.
    case sourceChanged(path: String)
    /// The file declares a different size than the index recorded.
    case sizeChanged(path: String, expected: PixelSize, found: PixelSize)
    /// The photo's path names something other than a regular file (a folder, a FIFO, a device).
    case notARegularFile(path: String)
    /// A system call on a photo, a thumbnail file or the thumbnail folder failed.
    case system(call: String, path: String, errno: Int32)
    /// The folder given for thumbnails holds files photogrid did not put there; nothing was written.
    case notACacheFolder(path: String)
    /// The thumbnail folder belongs to another library (its owner file names `owner`); nothing was written.
    case otherLibrarysFolder(path: String, owner: String)

    /// The system's words for `errno`, and the number: "No space left on device (errno 28)".
    public static func reason(_ errno: Int32) -> String {
        "\(String(cString: strerror(errno))) (errno \(errno))"
    }

    public var description: String {
        switch self {
        case .plan(let error):
            return error.description
        case .jpeg(let error):
            return error.description
        case .image(let error):
            return error.description
        case .imaging(let error):
            return error.description
        case .sourceChanged(let path):
            return "\(path) changed since it was indexed"
        case .sizeChanged(let path, let expected, let found):
            return "\(path) is now \(found), the index says \(expected)"
        case .notARegularFile(let path):
            return "\(path) is not a regular file"
        case .system(let call, let path, let errno):
            return "\(call)(\(path)) failed: \(Self.reason(errno))"
        case .notACacheFolder(let path):
            return "\(path) is not empty and photogrid did not make it; nothing was written"
        case .otherLibrarysFolder(let path, let owner):
            return "\(path) holds the thumbnails of another library (\(owner)); nothing was written"
        }
    }
}

extension ThumbnailError {
    /// A decoder's error as the thumbnail's: JPEG's as `.jpeg` (the errors the region decode and the
    /// encoder share), every other format's as `.image`.
    public init(decoding error: ImageFormatError) {
        if case let .jpeg(error) = error { self = .jpeg(error) } else { self = .image(error) }
    }
}

extension ThumbnailError {
    /// The error number of the system call that failed, when one did.
    public var systemErrno: Int32? {
        switch self {
        case .jpeg(.system(_, _, let errno)), .image(.system(_, let errno)), .system(_, _, let errno): return errno
        default: return nil
        }
    }

    /// Whether the disk (or the user's quota) had no room for the thumbnail: ENOSPC or EDQUOT. Not the
    /// photo's fault, and every later thumbnail would fail the same way.
    public var isOutOfSpace: Bool {
        systemErrno == ENOSPC || systemErrno == EDQUOT
    }
}

extension ThumbnailError: PhotoGridFailure {
    public var kind: FailureKind {
        if let systemErrno { return FailureKind(errno: systemErrno) }
        switch self {
        case .jpeg(.overPixelLimit), .image(.overPixelLimit), .image(.unsupported), .notARegularFile:
            return .unsupported
        case .sourceChanged, .sizeChanged, .notACacheFolder, .otherLibrarysFolder, .image(.regionOutsideImage): return .conflict
        case .plan, .jpeg, .image: return .damagedInput
        case .imaging, .system: return .internal
        }
    }

    /// What the person can do (the advice is the front end's: `FailureRemedy`).
    public var remedy: FailureRemedy? {
        switch self {
        case .sourceChanged, .sizeChanged: return .indexAgain
        case .notACacheFolder: return .emptyFolder
        case .otherLibrarysFolder: return .ownThumbnailFolder
        default: return nil
        }
    }
}
