/// Groups the signatures that are the same picture: hash candidates, each verified, joined by union-find.
///
/// 1. Candidates: every pair whose perceptual hashes lie within `radius` bits (`HashIndex`, `chunks`
///    substrings; the default radius 4 < 5 chunks is an exact match per substring). A pHash has 32 bits
///    set, so distances are even: 4 admits every copy of the evaluation set (docs/duplicates.md).
/// 2. Proof: `verifier` on each candidate, with the capture times when known (they refuse, never make).
/// 3. Groups: the proven pairs joined (union-find), so a group holds pictures proven pairwise along a chain.
///
/// Signatures are read through `signature(position)` only for candidates, so a store can keep the hashes
/// in memory and load the rest on demand.
public struct NearDuplicateSearch: Sendable {
    /// The Hamming radius of a candidate pair.
    public var radius: Int
    /// The substrings of the index (`radius < chunks` keeps every probe an exact match).
    public var chunks: Int
    /// The proof.
    public var verifier: PictureVerifier

    public init(radius: Int = 4, chunks: Int = 5, verifier: PictureVerifier = PictureVerifier()) {
        self.radius = radius
        self.chunks = chunks
        self.verifier = verifier
    }

    /// The groups among `hashes`, with `signature(position)` (nil: left out) and `capturedAt(position)` (seconds).
    public func groups(hashes: [UInt64], signature: (Int) -> PictureSignature?,
                       capturedAt: (Int) -> Double? = { _ in nil }) -> NearDuplicateResult {
        let candidates = HashIndex(hashes: hashes, chunks: chunks).pairs(within: radius)
        var sets = DisjointSets(count: hashes.count)
        var proven: [HashPair] = []
        for pair in candidates {
            guard let a = signature(pair.first), let b = signature(pair.second) else { continue }
            if verifier.verdict(a, b, capturedA: capturedAt(pair.first), capturedB: capturedAt(pair.second)).isSame {
                proven.append(pair)
                sets.union(pair.first, pair.second)
            }
        }
        return NearDuplicateResult(groups: sets.groups(), pairs: proven, candidateCount: candidates.count)
    }

    /// The groups among `signatures` (capture times by position when known).
    public func groups(of signatures: [PictureSignature], capturedAt: [Double?]? = nil) -> NearDuplicateResult {
        groups(hashes: signatures.map(\.hash.bits), signature: { signatures[$0] }, capturedAt: { capturedAt?[$0] ?? nil })
    }
}
