/// A request PhotoGrid cannot carry out as given: a bad flag value, an unknown index. The CLI prints the
/// message on one line and exits with status 64 (EX_USAGE).
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
