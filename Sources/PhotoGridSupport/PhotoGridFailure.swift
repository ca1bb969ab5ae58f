import Platform

/// What kind of failure an error is: all a front end needs to answer it (the command line's exit status,
/// a server's HTTP status), whichever type threw it. Front ends map kinds, never error types.
public enum FailureKind: String, Sendable, Hashable, CaseIterable {
    /// What was asked for does not exist: no such photo, index, folder, database or route.
    case notFound
    /// A request value is not valid (a width of 0, a style that does not exist, options that exclude
    /// each other).
    case invalidValue
    /// The request is valid but clashes with what is there: the file changed since it was indexed, the
    /// folder belongs to another library, the database is something else.
    case conflict
    /// Not now: the database is locked or unreachable, too much is being made. The same request may work
    /// in a moment.
    case busy
    /// A kind of file or request this build does not handle.
    case unsupported
    /// The input is damaged, or not what its name says.
    case damagedInput
    /// There is no room to keep the result (a full or read-only disk).
    case storageFull
    /// PhotoGrid or the system failed in a way the request did not cause.
    case `internal`
}

/// What the person can do about a failure, said without any front end's words; the command line says
/// it with its commands and flags, a server leaves out what only its operator can do.
public enum FailureRemedy: Sendable, Hashable {
    /// There is no library yet: index a folder first, or choose another library.
    case indexFirst
    /// The file is not a library of ours: choose another.
    case chooseAnotherLibrary
    /// The library was written by a newer PhotoGrid: use that, or choose another library.
    case upgradeOrChooseAnother
    /// The library indexes another folder: choose another library, or move its root to `folder`
    /// (`rootExists`: whether the library's own folder is still there).
    case moveRoot(to: String, rootExists: Bool)
    /// The library's folder is gone: move its root to wherever its photos are now.
    case moveRootToNewPlace
    /// Run it again: what was done before is kept.
    case tryAgain
    /// A photo changed since it was indexed: index the folder again.
    case indexAgain
    /// A folder holds files that are not ours: give a new or empty one.
    case emptyFolder
    /// A thumbnail folder holds another library's thumbnails: give this library a folder of its own.
    case ownThumbnailFolder
    /// Another server listens on the port: stop it, or listen on another.
    case freePort
}

/// One of PhotoGrid's errors: a kind, one line of message, and what to do about it. The message names
/// request values through `message(naming:)`, so the command line can say `--width` and a server
/// `width` (or `cellStyle` for `cell-style`) for the same mistake; `description` names them as the
/// library knows them.
public protocol PhotoGridFailure: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    var kind: FailureKind { get }
    /// The request value the failure is about, when it is about one (`width`, `index`): a mistake in
    /// the request, whatever its kind.
    var parameter: String? { get }
    /// What the person can do about it, if anything.
    var remedy: FailureRemedy? { get }
    /// The one-line message, each request value it mentions named by `naming`.
    func message(naming: (String) -> String) -> String
}

/// One of PhotoGrid's errors that may carry another: its kind, parameter and remedy are its cause's,
/// forwarded here once for every wrapper (none forwards them field by field).
public protocol WrappingFailure: PhotoGridFailure {
    /// The error it carries, if it is one of PhotoGrid's.
    var cause: (any PhotoGridFailure)? { get }
    /// Its kind when it carries none.
    var uncausedKind: FailureKind { get }
}

extension WrappingFailure {
    public var kind: FailureKind { cause?.kind ?? uncausedKind }
    public var parameter: String? { cause?.parameter }
    public var remedy: FailureRemedy? { cause?.remedy }
}

extension PhotoGridFailure {
    public var parameter: String? { nil }
    public var remedy: FailureRemedy? { nil }
    public func message(naming: (String) -> String) -> String { description }
}

/// A message that mentions request values: text, and parameters a front end names in its own terms
/// (`"\(parameter: "cell-style") must be square"`).
public struct FailureText: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A run of text, or a request value's name.
    public enum Part: Sendable, Hashable {
        case text(String)
        case parameter(String)
    }

    public var parts: [Part]

    public init(parts: [Part]) { self.parts = parts }
    public init(stringLiteral value: String) { parts = [.text(value)] }
    public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

    /// The text with each parameter named by `naming`.
    public func rendered(naming: (String) -> String) -> String {
        var result = ""
        for part in parts {
            switch part {
            case .text(let text): result += text
            case .parameter(let name): result += naming(name)
            }
        }
        return result
    }

    /// The text with parameters named as the library knows them.
    public var description: String { rendered { $0 } }

    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }
        /// A request value's name, which each front end writes its own way.
        public mutating func appendInterpolation(parameter name: String) { parts.append(.parameter(name)) }
        public mutating func appendInterpolation<Value>(_ value: Value) { parts.append(.text(String(describing: value))) }
    }

    /// This text and then `other`.
    public static func + (lhs: FailureText, rhs: FailureText) -> FailureText { FailureText(parts: lhs.parts + rhs.parts) }
}

extension FailureKind {
    /// The kind of a failed system call's error number: a missing file is not found, a full or
    /// read-only disk has no room, anything else is internal.
    public init(errno: Int32) {
        switch errno {
        case ENOENT, ENOTDIR: self = .notFound
        case ENOSPC, EDQUOT, EROFS, EFBIG: self = .storageFull
        default: self = .internal
        }
    }
}
