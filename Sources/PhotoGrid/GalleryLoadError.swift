public import PhotoGridSupport

/// Why a windowed gallery could not be made: a bad request, or the loader failed.
public enum GalleryLoadError<Failure: Error>: WrappingFailure {
    case usage(UsageError)
    /// The loader's error, or (nil) a message of our own.
    case load(Failure?, message: String = "")

    public var description: String {
        switch self {
        case let .usage(error): return error.description
        case let .load(error?, _): return "\(error)"
        case let .load(nil, message): return message
        }
    }

    /// The error it carries, if it is one of PhotoGrid's.
    public var cause: (any PhotoGridFailure)? {
        switch self {
        case let .usage(error): return error
        case let .load(error?, _): return error as? any PhotoGridFailure
        case .load(nil, _): return nil
        }
    }

    public var uncausedKind: FailureKind { .internal }
    public func message(naming: (String) -> String) -> String { cause?.message(naming: naming) ?? description }
}
