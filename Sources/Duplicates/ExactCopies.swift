import PhotoGridSupport

/// Exact copies: files with the same bytes, found by size, then digest, then a byte comparison — no decoding.
///
/// Only files that share their size with another are read (once for the digest; a group's members once
/// more, compared with its first). A store can keep `ContentDigest`s and ask `groups(digests:)` instead.
public enum ExactCopies {
    /// The groups of equal files among `paths` whose sizes (from the index) are `sizes`.
    public static func groups(paths: [String], sizes: [Int64]) -> ExactCopyResult {
        precondition(paths.count == sizes.count, "one size per path")
        var bySize: [Int64: [Int]] = [:]
        for (position, size) in sizes.enumerated() { bySize[size, default: []].append(position) }
        var groups: [[Int]] = []
        var unreadable: [ExactCopyResult.Failure] = []
        for (_, sameSize) in bySize where sameSize.count > 1 {
            var byDigest: [ContentDigest: [Int]] = [:]
            for position in sameSize {
                do { byDigest[try ContentDigest(fileAt: paths[position]), default: []].append(position) } catch {
                    unreadable.append(.init(position: position, failure: error))
                }
            }
            for (_, sameDigest) in byDigest where sameDigest.count > 1 {
                var rest = sameDigest
                while rest.count > 1 {
                    let first = rest.removeFirst()
                    var equal = [first], other: [Int] = []
                    for position in rest {
                        switch sameBytes(paths[first], paths[position]) {
                        case .success(true): equal.append(position)
                        case .success(false): other.append(position)
                        case .failure(let error): unreadable.append(.init(position: position, failure: error))
                        }
                    }
                    if equal.count > 1 { groups.append(equal) }
                    rest = other
                }
            }
        }
        return ExactCopyResult(groups: groups.sorted { $0[0] < $1[0] }, unreadable: unreadable.sorted { $0.position < $1.position })
    }

    /// The groups of positions with equal digests (and equal sizes), from digests a store kept.
    public static func groups(digests: [ContentDigest], sizes: [Int64]) -> [[Int]] {
        var byKey: [ContentKey: [Int]] = [:]
        for position in digests.indices { byKey[ContentKey(size: sizes[position], digest: digests[position]), default: []].append(position) }
        return byKey.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    /// Whether the files at `a` and `b` hold the same bytes (read 1 MiB at a time).
    static func sameBytes(_ a: String, _ b: String) -> Result<Bool, SystemCallFailure> {
        do throws(SystemCallFailure) {
            let fa = try ReadOnlyFile(path: a), fb = try ReadOnlyFile(path: b)
            var offset = 0
            while true {
                let x = try fa.read(1 << 20, at: offset), y = try fb.read(1 << 20, at: offset)
                if x != y { return .success(false) }
                if x.count < 1 << 20 { return .success(true) }
                offset += x.count
            }
        } catch {
            return .failure(error)
        }
    }

    /// A file's size and digest, together.
    struct ContentKey: Hashable {
        var size: Int64
        var digest: ContentDigest
    }
}
