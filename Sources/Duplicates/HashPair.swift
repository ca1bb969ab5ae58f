/// Two positions of a `HashIndex` and the Hamming distance between their hashes.
public struct HashPair: Sendable, Hashable {
    public var first: Int
    public var second: Int
    public var distance: Int

    public init(first: Int, second: Int, distance: Int) {
        self.first = first
        self.second = second
        self.distance = distance
    }
}
