import Duplicates
import Testing
import TestSupport

/// Multi-index hashing finds exactly the pairs (and neighbours) a brute-force scan finds, each once.
@Suite struct HashIndexTests {
    /// 1,500 random hashes and 500 near copies of them (0–9 bits flipped), so every radius has pairs.
    static func hashes(seed: UInt64) -> [UInt64] {
        var random = SplitMix64(seed: seed)
        var hashes = (0..<1500).map { _ in random.next() }
        for _ in 0..<500 {
            var copy = hashes[Int(random.next() % 1500)]
            for _ in 0..<Int(random.next() % 10) { copy ^= 1 << (random.next() % 64) }
            hashes.append(copy)
        }
        return hashes
    }

    static func bruteForce(_ hashes: [UInt64], radius: Int) -> Set<HashPair> {
        var pairs = Set<HashPair>()
        for i in hashes.indices {
            for j in (i + 1)..<hashes.count where (hashes[i] ^ hashes[j]).nonzeroBitCount <= radius {
                pairs.insert(HashPair(first: i, second: j, distance: (hashes[i] ^ hashes[j]).nonzeroBitCount))
            }
        }
        return pairs
    }

    @Test(arguments: [2, 3, 4, 5, 8])
    func pairsEqualBruteForce(chunks: Int) {
        let hashes = Self.hashes(seed: UInt64(chunks))
        let index = HashIndex(hashes: hashes, chunks: chunks)
        for radius in 0...9 {
            let found = index.pairs(within: radius)
            #expect(found.count == Set(found).count, "chunks \(chunks), radius \(radius): a pair reported twice")
            #expect(Set(found) == Self.bruteForce(hashes, radius: radius), "chunks \(chunks), radius \(radius)")
        }
    }

    @Test func neighboursEqualBruteForce() {
        let hashes = Self.hashes(seed: 7)
        let index = HashIndex(hashes: hashes)
        for query in hashes.prefix(40) + hashes.suffix(40) {
            for radius in [0, 3, 6] {
                let expected = hashes.indices.filter { (hashes[$0] ^ query).nonzeroBitCount <= radius }
                #expect(index.neighbours(of: query, within: radius) == expected)
            }
        }
    }
}
