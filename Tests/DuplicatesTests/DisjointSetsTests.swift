import Duplicates
import Testing

/// Union-find groups pairs along chains, against groups worked out by hand.
@Suite struct DisjointSetsTests {
    @Test func chainsAndSingletons() {
        var sets = DisjointSets(count: 9)
        for (a, b) in [(0, 3), (3, 7), (2, 5), (8, 5), (7, 0)] { sets.union(a, b) }
        let first = sets.groups(), loneRoot = sets.root(of: 1)
        let joinedAgain = sets.union(0, 7), joinedNew = sets.union(1, 8)
        let second = sets.groups()
        #expect(first == [[0, 3, 7], [2, 5, 8]])
        #expect(loneRoot == 1)
        #expect(!joinedAgain && joinedNew)
        #expect(second == [[0, 3, 7], [1, 2, 5, 8]])
    }
}
