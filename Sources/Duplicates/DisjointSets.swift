/// Union-find over positions 0..<count: pairs joined into groups (path halving, union by size).
public struct DisjointSets: Sendable {
    private var parent: [Int32]
    private var size: [Int32]

    /// `count` positions, each its own set.
    public init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = [Int32](repeating: 1, count: count)
    }

    /// The representative of `position`'s set.
    public mutating func root(of position: Int) -> Int {
        var x = position
        while Int(parent[x]) != x {
            parent[x] = parent[Int(parent[x])]
            x = Int(parent[x])
        }
        return x
    }

    /// Joins the sets of `a` and `b`; whether they were apart.
    @discardableResult
    public mutating func union(_ a: Int, _ b: Int) -> Bool {
        var ra = root(of: a), rb = root(of: b)
        guard ra != rb else { return false }
        if size[ra] < size[rb] { swap(&ra, &rb) }
        parent[rb] = Int32(ra)
        size[ra] += size[rb]
        return true
    }

    /// The sets of more than one position, each ascending, ordered by their first position.
    public mutating func groups() -> [[Int]] {
        var members: [Int: [Int]] = [:]
        for position in parent.indices where size[root(of: position)] > 1 {
            members[root(of: position), default: []].append(position)
        }
        return members.values.sorted { $0[0] < $1[0] }
    }
}
