// Duplicates benchmark (issue 39): the Duplicates library on the evaluation set and on 1,000,000 synthetic
// signatures (Benchmarks/duplicates.sh runs both and scores the groups).
//
//   duplicates-benchmark groups SET [--explain]   signatures of SET's files, then the groups: one line per group,
//                                                 its file names tab-separated; --explain writes every pair
//                                                 within 16 bits to stderr with its measures and verdict
//   duplicates-benchmark synthetic [COUNT]        COUNT (1,000,000) random signatures, 1 % planted copies
//                                                 (0–3 bits flipped, luminance ±2); prints the grouping time
import Duplicates
import Foundation

/// xorshift64* (Vigna): the synthetic signatures' seeded randomness.
struct XorShift64Star {
    var state: UInt64
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func standardError(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }

/// The signatures of the files in `folder`, by name; unreadable files are reported and left out.
func signatures(in folder: String) -> [(name: String, signature: PictureSignature)] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    var out: [(name: String, signature: PictureSignature)] = []
    let start = ContinuousClock.now
    for name in names {
        do { out.append((name, try SignatureMaker.signature(ofFileAt: folder + "/" + name))) } catch {
            standardError("left out \(name): \(error)")
        }
    }
    standardError(String(format: "%d signatures in %.2f s", out.count, seconds(since: start)))
    return out
}

func groups(folder: String, explain: Bool) {
    let made = signatures(in: folder)
    let result = NearDuplicateSearch().groups(of: made.map(\.signature))
    standardError("\(result.candidateCount) candidate pairs, \(result.pairs.count) proven, \(result.groups.count) groups")
    for group in result.groups { print(group.map { made[$0].name }.joined(separator: "\t")) }
    guard explain else { return }
    let verifier = PictureVerifier()
    func picture(_ name: String) -> Substring { name[..<(name.range(of: "__")?.lowerBound ?? name.endIndex)] }
    for i in made.indices {
        for j in (i + 1)..<made.count {
            let (a, b) = (made[i].signature, made[j].signature)
            let distance = a.hash.distance(to: b.hash)
            guard distance <= 16 else { continue }
            let m = PictureComparison(a, b)
            let truth = picture(made[i].name) == picture(made[j].name) ? "same" : "other"
            standardError(String(format: "%@ %@ %@ bits=%d aspect=%.3f mean=%.1f contrast=%.2f local=%.3f mad=%.3f %@", truth,
                                 made[i].name, made[j].name, distance, m.aspectDifference, m.meanDifference, m.contrastRatio,
                                 m.localDifference, m.meanExcess, "\(verifier.verdict(a, b))"))
        }
    }
}

/// Random luminance values, `LuminanceImage.side`² of them, from `seed`.
func randomLuminance(seed: UInt64) -> [Float] {
    var random = XorShift64Star(state: seed | 1)
    return (0..<LuminanceImage.side * LuminanceImage.side).map { _ in Float(random.next() % 256) }
}

/// `count` signatures with random hashes, 1 % of them copies of an earlier one (0–3 bits flipped, luminance ±2).
/// Only the hashes are held, as a store would; a signature is made when the search asks for it (a planted
/// copy's and its original's are kept made, 4 KB each; any other is made from its position).
func synthetic(count: Int) {
    var random = XorShift64Star(state: 0x5EED_D00B)
    var hashes: [UInt64] = []
    hashes.reserveCapacity(count)
    var made: [Int: PictureSignature] = [:]
    var root: [Int: Int] = [:]  // a planted copy's first original
    func randomSignature(_ position: Int, bits: UInt64) -> PictureSignature {
        PictureSignature(hash: PerceptualHash(bits: bits), displayedWidth: 4032, displayedHeight: 3024,
                         luminance: LuminanceImage(luminance: randomLuminance(seed: UInt64(position) &* 0x9E37_79B9)))
    }
    for position in 0..<count {
        guard position > 0, random.next() % 100 == 0 else {
            hashes.append(random.next())
            continue
        }
        let originalPosition = Int(random.next() % UInt64(position))
        let original = made[originalPosition] ?? randomSignature(originalPosition, bits: hashes[originalPosition])
        made[originalPosition] = original
        let first = root[originalPosition] ?? originalPosition
        root[position] = first
        var bits = original.hash.bits
        for _ in 0..<Int(random.next() % 4) { bits ^= 1 << (random.next() % 64) }
        let values = randomLuminance(seed: UInt64(first) &* 0x9E37_79B9).map { min(max($0 + Float(Int(random.next() % 5) - 2), 0), 255) }
        made[position] = PictureSignature(hash: PerceptualHash(bits: bits), displayedWidth: original.displayedWidth,
                                          displayedHeight: original.displayedHeight, luminance: LuminanceImage(luminance: values))
        hashes.append(bits)
    }
    let planted = made.count
    let start = ContinuousClock.now
    let result = NearDuplicateSearch().groups(hashes: hashes, signature: { made[$0] ?? randomSignature($0, bits: hashes[$0]) })
    let elapsed = seconds(since: start)
    print(String(format: "grouped %d signatures in %.2f s: %d candidate pairs, %d proven, %d groups (%d signatures in planted groups)",
                 count, elapsed, result.candidateCount, result.pairs.count, result.groups.count, planted))
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "groups" where arguments.count >= 2:
    groups(folder: arguments[1], explain: arguments.contains("--explain"))
case "synthetic":
    synthetic(count: arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000)
default:
    standardError("usage: duplicates-benchmark groups SET [--explain] | synthetic [COUNT]")
    exit(64)
}
