/// A request PhotoGrid cannot carry out as given: a bad value, an unknown index. It names the value
/// the way the library knows it (`width`); the command line names it as its flag (`--width`) in the
/// one line it prints before exiting with status 64 (EX_USAGE), and a server as its query parameter.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request value that is wrong (`width`, `columns`), when the error is about one.
    public var option: String?
    /// What is wrong: the text after the value's name, or the whole message when it names none.
    public var detail: String
    /// Between the value's name and `detail`: " " or ": ".
    public var separator: String

    /// An error about no one value.
    public init(_ message: String) {
        option = nil
        detail = message
        separator = ""
    }

    /// An error about the value `option`: "`option` `detail`" (e.g. "width must be greater than 0").
    public init(option: String, separator: String = " ", _ detail: String) {
        self.option = option
        self.detail = detail
        self.separator = separator
    }

    /// The message naming the value as the library knows it: "width must be …".
    public var message: String { option.map { $0 + separator + detail } ?? detail }

    /// The message as the command line prints it: "--width must be …".
    public var commandLineMessage: String { option.map { "--" + $0 + separator + detail } ?? detail }

    public var description: String { commandLineMessage }
}
