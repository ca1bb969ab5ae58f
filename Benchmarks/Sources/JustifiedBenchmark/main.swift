// Justified rows benchmark: GridLayout's JustifiedLayout on 23,753 and 1,000,000 seeded aspect ratios
// (Tests/JustifiedVectors/library.js `photoRatios`, the same numbers Node lays out), in process, warm.
// Prints one line per size: `swift COUNT MEDIAN_SECONDS CONTAINER_HEIGHT BOXES` (Benchmarks/justified.sh reads it).
//
//   swift run -c release --package-path Benchmarks justified-benchmark [COUNT …]
import Foundation
import GridLayout

/// xorshift32 (Marsaglia 13, 17, 5), as library.js `xorshift32`.
struct XorShift32 {
    var x: UInt32
    mutating func next() -> UInt32 {
        x ^= x << 13
        x ^= x >> 17
        x ^= x << 5
        return x
    }
}

/// library.js `photoRatios(seed, count)`: camera shapes and uniform ratios in [0.3, 3.3), four decimals.
func photoRatios(seed: UInt32, count: Int) -> [Double] {
    var random = XorShift32(x: seed)
    let shapes: [Double] = [4.0 / 3, 4.0 / 3, 3.0 / 4, 3.0 / 4, 3.0 / 2, 16.0 / 9, 1]
    var out: [Double] = []
    out.reserveCapacity(count)
    for _ in 0..<count {
        let k = Int(random.next() % 8)
        let r = k < shapes.count ? shapes[k] : 0.3 + (Double(random.next()) / 4294967296) * 3
        let scaled = r * 10000
        let floor = scaled.rounded(.down)  // Math.round for positive numbers: ties up
        out.append((scaled - floor >= 0.5 ? floor + 1 : floor) / 10000)
    }
    return out
}

/// Median wall time of `body` over `runs` runs, in seconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body()
        let d = ContinuousClock.now - start
        times.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }
    return times.sorted()[times.count / 2]
}

let seed: UInt32 = 0x5eed
let counts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for count in counts.isEmpty ? [23_753, 1_000_000] : counts {
    let ratios = photoRatios(seed: seed, count: count)
    var result = try JustifiedLayout.layout(aspectRatios: ratios)  // warm-up
    let runs = count >= 500_000 ? 7 : 21
    let seconds = median(runs: runs) { result = (try? JustifiedLayout.layout(aspectRatios: ratios)) ?? result }
    print("swift \(count) \(seconds) \(result.containerHeight) \(result.boxes.count)")
}
