/// What a `NearDuplicateSearch` found.
public struct NearDuplicateResult: Sendable {
    /// Groups of positions (each ascending, more than one), ordered by their first position.
    public var groups: [[Int]]
    /// The pairs proven the same picture.
    public var pairs: [HashPair]
    /// How many candidate pairs the hash index proposed.
    public var candidateCount: Int
}
