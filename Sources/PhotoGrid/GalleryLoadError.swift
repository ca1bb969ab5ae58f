/// Why a windowed gallery could not be made: a bad request, or the loader failed.
public enum GalleryLoadError<Failure: Error>: Error, CustomStringConvertible {
    case usage(UsageError)
    /// The loader's error, or (nil) a message of our own.
    case load(Failure?, message: String = "")

    public var description: String {
        switch self {
        case let .usage(error): return error.commandLineMessage
        case let .load(error?, _): return "\(error)"
        case let .load(nil, message): return message
        }
    }
}
