import Testing
@testable import Imaging

@Suite("Resampling weights")
struct ResamplingWeightsTests {
    static let axes: [(Int, Int)] = [
        (1, 1), (1, 7), (2, 1), (3, 2), (7, 3), (10, 10), (16, 4), (378, 256), (756, 387),
        (1512, 387), (1000, 999), (999, 1000), (5, 64), (4032, 1), (3, 1000), (65535, 8192),
    ]

    @Test(arguments: ResamplingFilter.allCases)
    func everyWindowSumsToExactlyOneAndStaysInside(filter: ResamplingFilter) {
        for (source, output) in Self.axes {
            let table = ResamplingWeights(sourceCount: source, outputCount: output, filter: filter)
            #expect(table.starts.count == output && table.counts.count == output)
            #expect(table.weights.count == output * table.stride)
            for i in 0..<output {
                let start = table.starts[i], count = table.counts[i]
                #expect(start >= 0 && count >= 1 && count <= table.stride && start + count <= source,
                        "\(source)→\(output) output \(i): window \(start)+\(count)")
                let sum = (0..<table.stride).reduce(0) { $0 + Int(table.weights[i * table.stride + $1]) }
                #expect(sum == 1 << 14, "\(source)→\(output) output \(i): sum \(sum)")
                // Padding beyond the window is zero.
                for k in count..<table.stride { #expect(table.weights[i * table.stride + k] == 0) }
            }
        }
    }

    /// Shrinking by s stretches the kernel by s: a 4× Lanczos-3 window spans 2·3·4 = 24 source pixels
    /// (minus the zero crossings at exactly ±12), a 4× Mitchell window 2·2·4 = 16.
    @Test func supportGrowsWithTheShrinkFactor() {
        let lanczos = ResamplingWeights(sourceCount: 400, outputCount: 100, filter: .lanczos3)
        let mitchell = ResamplingWeights(sourceCount: 400, outputCount: 100, filter: .mitchell)
        // Output 50 is centred at source position 202.0: pixels 190…213 have centres strictly within ±12.
        #expect(lanczos.starts[50] == 190 && lanczos.counts[50] == 24)
        #expect(mitchell.starts[50] == 194 && mitchell.counts[50] == 16)
        // Enlarging does not stretch: a 4× upscale reads 2·3 = 6 (Lanczos) or 4 (Mitchell) pixels.
        #expect(ResamplingWeights(sourceCount: 100, outputCount: 400, filter: .lanczos3).stride <= 6)
        #expect(ResamplingWeights(sourceCount: 100, outputCount: 400, filter: .mitchell).stride <= 4)
    }

    /// A 2× box-aligned shrink has its centre between two source pixels: the weights are symmetric.
    @Test(arguments: ResamplingFilter.allCases)
    func halvingWeightsAreSymmetricInTheInterior(filter: ResamplingFilter) {
        let table = ResamplingWeights(sourceCount: 64, outputCount: 32, filter: filter)
        let i = 16, count = table.counts[i]
        let weights = (0..<count).map { Int(table.weights[i * table.stride + $0]) }
        // Equal up to the rounding remainder, which goes to the first of the two largest weights.
        for k in 0..<count / 2 { #expect(abs(weights[k] - weights[count - 1 - k]) <= 2) }
        #expect(table.starts[i] + count / 2 == 33)  // symmetric around source position 33.0
    }

    @Test func kernelValues() {
        #expect(ResamplingFilter.lanczos3.weight(at: 0) == 1)
        for x in [1.0, 2.0, -1.0, 3.0, 4.5] { #expect(abs(ResamplingFilter.lanczos3.weight(at: x)) < 1e-12) }
        // Mitchell–Netravali B = C = 1/3: k(0) = (6 − 2B)/6 = 8/9, k(1) = B/6 = 1/18, k(2) = 0.
        #expect(abs(ResamplingFilter.mitchell.weight(at: 0) - 8.0 / 9.0) < 1e-12)
        #expect(abs(ResamplingFilter.mitchell.weight(at: 1) - 1.0 / 18.0) < 1e-12)
        #expect(abs(ResamplingFilter.mitchell.weight(at: -1) - 1.0 / 18.0) < 1e-12)
        #expect(ResamplingFilter.mitchell.weight(at: 2) == 0)
    }

    /// The stepped (angle-addition) Lanczos values equal direct evaluation.
    @Test func steppedLanczosMatchesDirectEvaluation() {
        var values: [Double] = []
        ResamplingFilter.lanczos3.appendWeights(from: -2.9375, step: 0.25, count: 24, to: &values)
        #expect(values.count == 24)
        for (k, value) in values.enumerated() {
            #expect(abs(value - ResamplingFilter.lanczos3.weight(at: -2.9375 + 0.25 * Double(k))) < 1e-9)
        }
    }
}
