public import PhotoGridSupport

/// What `ExactCopies.groups(paths:sizes:)` found.
public struct ExactCopyResult: Sendable {
    /// A file that could not be read, by position.
    public struct Failure: Sendable {
        public var position: Int
        public var failure: SystemCallFailure
    }

    /// Groups of positions with the same bytes (each ascending, more than one), ordered by their first.
    public var groups: [[Int]]
    /// The files left out, with why.
    public var unreadable: [Failure]
}
