/// Multi-index hashing: every pair of 64-bit hashes within a Hamming radius, without comparing all pairs.
///
/// Norouzi, Punjani and Fleet, "Fast Search in Hamming Space with Multi-Index Hashing" (CVPR 2012): the
/// hash is cut into `chunks` disjoint substrings, each kept in its own table (here a sorted array of
/// substring and position). By the pigeonhole principle two hashes within radius `r` agree within
/// ⌊r / chunks⌋ bits on at least one substring, so only the pairs that share a bucket (or lie that many
/// bits apart in one) are compared. With `r < chunks` that is an exact match: for uniform 64-bit hashes
/// and 4 chunks of 16 bits, n hashes cost about 4 n log n to sort and 4 n² / 2¹⁷ comparisons. Each pair
/// is reported once: by the first chunk that finds it.
public struct HashIndex: Sendable {
    /// The hashes, by position.
    public let hashes: [UInt64]
    /// The substrings: bit offset and width of each (widths differ by at most one).
    let slices: [(shift: UInt64, width: UInt64)]
    /// Per substring: `substring << 32 | position`, sorted.
    let tables: [[UInt64]]

    /// Indexes `hashes` (fewer than 2³² of them) cut into `chunks` substrings (2…32).
    public init(hashes: [UInt64], chunks: Int = 4) {
        precondition((2...32).contains(chunks), "multi-index hashing needs 2 to 32 substrings")
        precondition(UInt64(hashes.count) < 1 << 32, "at most 2³² − 1 hashes")
        var slices: [(shift: UInt64, width: UInt64)] = []
        var shift = 0
        for chunk in 0..<chunks {
            let width = 64 / chunks + (chunk < 64 % chunks ? 1 : 0)
            slices.append((UInt64(shift), UInt64(width)))
            shift += width
        }
        self.hashes = hashes
        self.slices = slices
        tables = slices.map { slice in
            let mask: UInt64 = (1 << slice.width) - 1
            var keys = hashes.indices.map { (hashes[$0] >> slice.shift & mask) << 32 | UInt64($0) }
            keys.sort()
            return keys
        }
    }

    /// Every pair of positions whose hashes differ in at most `radius` bits, each once (`first < second`).
    public func pairs(within radius: Int) -> [HashPair] {
        let subRadius = radius / slices.count
        var found: [HashPair] = []
        var bucket: [(hash: UInt64, position: Int)] = [], other: [(hash: UInt64, position: Int)] = []
        for (chunk, table) in tables.enumerated() {
            let mask: UInt64 = (1 << slices[chunk].width) - 1
            var start = 0
            while start < table.count {
                let value = table[start] >> 32
                var end = start + 1
                while end < table.count, table[end] >> 32 == value { end += 1 }
                // The bucket with itself, then with each bucket `subRadius` bits away with a larger value.
                gather(table[start..<end], into: &bucket)
                for i in bucket.indices {
                    for j in (i + 1)..<bucket.count {
                        report(bucket[i], bucket[j], chunk: chunk, radius: radius, subRadius: subRadius, into: &found)
                    }
                }
                HammingBall.forEach(around: value, width: slices[chunk].width, radius: subRadius) { neighbour in
                    guard neighbour > value, neighbour & mask == neighbour else { return }
                    let (low, high) = range(of: neighbour, in: table)
                    guard low < high else { return }
                    gather(table[low..<high], into: &other)
                    for a in bucket {
                        for b in other { report(a, b, chunk: chunk, radius: radius, subRadius: subRadius, into: &found) }
                    }
                }
                start = end
            }
        }
        return found
    }

    /// The positions whose hashes differ from `hash` in at most `radius` bits (ascending).
    public func neighbours(of hash: UInt64, within radius: Int) -> [Int] {
        let subRadius = radius / slices.count
        var found = Set<Int>()
        for (chunk, table) in tables.enumerated() {
            let slice = slices[chunk]
            let value = hash >> slice.shift & ((1 << slice.width) - 1)
            HammingBall.forEach(around: value, width: slice.width, radius: subRadius, includingCentre: true) { probe in
                let (low, high) = range(of: probe, in: table)
                for k in low..<high {
                    let position = Int(table[k] & 0xFFFF_FFFF)
                    if (hashes[position] ^ hash).nonzeroBitCount <= radius { found.insert(position) }
                }
            }
        }
        return found.sorted()
    }

    /// The hashes and positions of `entries` (table entries), in `out` (a bucket read once, then compared in cache).
    private func gather(_ entries: ArraySlice<UInt64>, into out: inout [(hash: UInt64, position: Int)]) {
        out.removeAll(keepingCapacity: true)
        for entry in entries {
            let position = Int(entry & 0xFFFF_FFFF)
            out.append((hashes[position], position))
        }
    }

    /// Reports `a` and `b` when within `radius` and `chunk` is the first substring within `subRadius`.
    @inline(__always)
    private func report(_ a: (hash: UInt64, position: Int), _ b: (hash: UInt64, position: Int), chunk: Int, radius: Int,
                        subRadius: Int, into found: inout [HashPair]) {
        let difference = a.hash ^ b.hash
        let distance = difference.nonzeroBitCount
        guard distance <= radius else { return }
        let p = a.position, q = b.position
        for earlier in 0..<chunk {
            let slice = slices[earlier]
            if (difference >> slice.shift & ((1 << slice.width) - 1)).nonzeroBitCount <= subRadius { return }
        }
        found.append(HashPair(first: min(p, q), second: max(p, q), distance: distance))
    }

    /// The range of `table`'s entries whose substring is `value` (binary search).
    private func range(of value: UInt64, in table: [UInt64]) -> (Int, Int) {
        func lowerBound(_ key: UInt64) -> Int {
            var low = 0, high = table.count
            while low < high {
                let middle = (low + high) / 2
                if table[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return (lowerBound(value << 32), lowerBound((value + 1) << 32))
    }
}
