public import PhotoGridSupport

/// A request PhotoGrid cannot carry out as given: a bad value, an index with no photo. Its message names
/// request values as parameters (`FailureText`): the command line writes them as its flags (`--width`),
/// a server as its query parameters (`width`, `cellStyle`).
public struct UsageError: PhotoGridFailure, Hashable {
    /// The message, its request values as parameters.
    public var text: FailureText
    /// The request value the error is about, when it is about one (`width`, `columns`, `index`).
    public var parameter: String?
    /// `.invalidValue`, or `.notFound` for a value that names nothing there (an index past the grid).
    public var kind: FailureKind

    /// An error about the request as a whole (values it mentions written `\(parameter: "sizes")`).
    public init(_ text: FailureText, kind: FailureKind = .invalidValue) {
        self.text = text
        self.kind = kind
    }

    /// An error about the value `option`: "`option``separator``detail`" (e.g. "width must be greater than 0").
    public init(option: String, separator: String = " ", _ detail: FailureText, kind: FailureKind = .invalidValue) {
        text = FailureText(parts: [.parameter(option), .text(separator)]) + detail
        parameter = option
        self.kind = kind
    }

    /// No photo at grid position `index` of a grid of `count`.
    public static func noPhoto(at index: Int, count: Int) -> UsageError {
        // "index" is a position (an argument, a path component), never written as a flag or query name.
        var error = UsageError(count == 0 ? "index \(index): the library has no photos to open"
                               : "index \(index) is out of range: the grid has \(CountText.grouped(count)) photo(s), indices 0…\(count - 1)",
                               kind: .notFound)
        error.parameter = "index"
        return error
    }

    /// The same error about `option` instead of `parameter` (a column set given as zoom's `from`).
    public func renamingParameter(_ parameter: String, to option: String) -> UsageError {
        var error = self
        error.text.parts = text.parts.map { $0 == .parameter(parameter) ? .parameter(option) : $0 }
        if error.parameter == parameter { error.parameter = option }
        return error
    }

    public func message(naming: (String) -> String) -> String { text.rendered(naming: naming) }

    /// The message naming request values as the library knows them: "width must be …".
    public var description: String { text.description }
}
