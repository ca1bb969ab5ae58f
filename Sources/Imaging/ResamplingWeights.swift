/// The precomputed filter taps for resampling one axis: for each output position, the first
/// source index and the fixed-point weights of the source pixels that contribute to it.
///
/// Weights are `Int16` in Q14 (`1 << 14` means 1.0; the kernels' folded edge weights stay well
/// below 2.0, the `Int16` limit) and each output's weights sum to exactly `1 << 14`, so a
/// constant input stays exactly constant. Source indices outside `0 ..< sourceCount` are
/// clamped to the edge (the image is extended with copies of its border pixels), which folds the
/// out-of-range weights onto the first and last pixels; the window of every output therefore lies
/// inside the source.
struct ResamplingWeights: Sendable {
    /// Fixed-point shift: weights are `Int16` multiples of `1 / (1 << fractionBits)`.
    static let fractionBits = 14
    /// 1.0 in fixed point.
    static let one: Int = 1 << fractionBits

    /// Number of source pixels along the axis (taps are clamped to `0 ..< sourceCount`).
    let sourceCount: Int
    /// Number of output pixels along the axis.
    let outputCount: Int
    /// Weights per output (the largest window); shorter windows are padded with zero weights.
    let stride: Int
    /// First contributing source index for each output.
    let starts: [Int]
    /// Number of contributing source pixels for each output (≤ `stride`).
    let counts: [Int]
    /// `outputCount × stride` fixed-point weights.
    let weights: [Int16]

    /// Taps for mapping `sourceCount` pixels onto `outputCount` pixels with `filter`.
    ///
    /// Same as `init(sourceCount:regionStart:regionLength:outputCount:filter:)` with the region
    /// being the whole axis.
    init(sourceCount: Int, outputCount: Int, filter: ResamplingFilter) {
        self.init(sourceCount: sourceCount, regionStart: 0, regionLength: Double(sourceCount),
                  outputCount: outputCount, filter: filter)
    }

    /// Taps for mapping the continuous source interval `[regionStart, regionStart + regionLength)`
    /// onto `outputCount` pixels with `filter`.
    ///
    /// Output pixel `i` covers the source interval `[a + i·s, a + (i+1)·s)` with `a = regionStart`
    /// and `s = regionLength / outputCount`; its centre is `a + (i + ½)·s` and source pixel `j`'s
    /// centre is `j + ½`. The kernel is stretched by `max(s, 1)`: when shrinking, its support grows
    /// with the shrink factor. Taps outside `0 ..< sourceCount` are clamped to the edge pixels.
    /// Requires `sourceCount ≥ 1`, `outputCount ≥ 1`, `regionLength > 0`, all values finite.
    init(sourceCount: Int, regionStart: Double, regionLength: Double, outputCount: Int, filter: ResamplingFilter) {
        self.sourceCount = sourceCount
        self.outputCount = outputCount
        let scale = regionLength / Double(outputCount)
        let filterScale = max(scale, 1)
        let support = filter.support * filterScale
        let last = sourceCount - 1

        // Window of output i: source pixels j whose centres j + ½ lie strictly inside the support
        // around the output's centre (i + ½)·s, i.e. first...end; clamped to the image, lo...hi.
        var firsts = [Int](), ends = [Int]()
        firsts.reserveCapacity(outputCount)
        ends.reserveCapacity(outputCount)
        var widest = 1
        for i in 0..<outputCount {
            let center = regionStart + (Double(i) + 0.5) * scale
            let first = Int((center - support - 0.5).rounded(.up))
            let end = max(first, Int((center + support - 0.5).rounded(.down)))
            firsts.append(first)
            ends.append(end)
            widest = max(widest, min(end, last) - max(first, 0) + 1)
        }

        var starts = [Int](), counts = [Int]()
        starts.reserveCapacity(outputCount)
        counts.reserveCapacity(outputCount)
        var fixed = [Int16](repeating: 0, count: outputCount * widest)
        var raw = [Double](), folded = [Double](), quantized = [Int]()
        for i in 0..<outputCount {
            let center = regionStart + (Double(i) + 0.5) * scale
            let first = firsts[i], end = ends[i]
            // Clamp to 0...last, then keep lo <= hi even for a window entirely off one side.
            let lo = min(max(first, 0), last), hi = max(min(end, last), lo)
            let width = hi - lo + 1
            raw.removeAll(keepingCapacity: true)
            filter.appendWeights(
                from: (Double(first) + 0.5 - center) / filterScale, step: 1 / filterScale,
                count: end - first + 1, to: &raw)
            // Fold taps outside the image onto the edge pixels (clamp-to-edge extension).
            folded.removeAll(keepingCapacity: true)
            folded.append(contentsOf: repeatElement(0, count: width))
            for (k, w) in raw.enumerated() {
                folded[min(max(first + k, lo), hi) - lo] += w
            }
            var total = folded.reduce(0, +)
            if !(total > 0) {
                // Not reachable with these kernels (the nearest pixel always weighs most); keep the
                // table well formed by taking the pixel nearest the centre.
                for k in folded.indices { folded[k] = 0 }
                folded[min(max(Int(center), lo), hi) - lo] = 1
                total = 1
            }
            // Quantize to Q14 and give the rounding remainder to the largest weight, so that the
            // weights sum to exactly 1.0.
            quantized.removeAll(keepingCapacity: true)
            for w in folded { quantized.append(Int((w / total * Double(Self.one)).rounded())) }
            var largest = 0
            for k in quantized.indices where quantized[k] > quantized[largest] { largest = k }
            quantized[largest] += Self.one - quantized.reduce(0, +)
            for (k, q) in quantized.enumerated() {
                fixed[i * widest + k] = Int16(clamping: q)
            }
            starts.append(lo)
            counts.append(width)
        }
        self.stride = widest
        self.starts = starts
        self.counts = counts
        self.weights = fixed
    }

    private init(sourceCount: Int, outputCount: Int, stride: Int, starts: [Int], counts: [Int], weights: [Int16]) {
        self.sourceCount = sourceCount
        self.outputCount = outputCount
        self.stride = stride
        self.starts = starts
        self.counts = counts
        self.weights = weights
    }

    /// The source pixels any output reads: `lowerBound ..< upperBound`.
    var usedSource: Range<Int> {
        var lower = sourceCount, upper = 0
        for i in 0..<outputCount {
            lower = min(lower, starts[i])
            upper = max(upper, starts[i] + counts[i])
        }
        return lower..<max(lower, upper)
    }

    /// The same taps for a source that begins `offset` pixels later and is `count` pixels long
    /// (the taps must lie inside it): used to restrict a pass to the pixels it reads.
    func rebased(by offset: Int, count: Int) -> ResamplingWeights {
        ResamplingWeights(sourceCount: count, outputCount: outputCount, stride: stride,
                          starts: starts.map { $0 - offset }, counts: counts, weights: weights)
    }
}
