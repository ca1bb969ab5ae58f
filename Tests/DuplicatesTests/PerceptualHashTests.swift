import Duplicates
import Testing
import TestSupport

/// The hash's properties that follow from its definition (median of DCT coefficients 1…8).
@Suite struct PerceptualHashTests {
    static func randomLuminance(seed: UInt64) -> [Float] {
        var random = SplitMix64(seed: seed)
        return (0..<1024).map { _ in Float(random.next() % 256) }
    }

    /// Brightness and contrast (y → a·y + b, a > 0) do not change a bit: the DC terms are left out
    /// and the median moves with the coefficients.
    @Test func ignoresBrightnessAndContrast() {
        let values = Self.randomLuminance(seed: 1)
        #expect(PerceptualHash(luminance: values) == PerceptualHash(luminance: values.map { 0.5 * $0 + 40 }))
    }

    /// Half the bits are set (the median splits 64 distinct values 32/32); the negative picture has every bit flipped.
    @Test func medianSplitsAndNegativeFlips() {
        let values = Self.randomLuminance(seed: 2)
        let hash = PerceptualHash(luminance: values)
        #expect(hash.bits.nonzeroBitCount == 32)
        #expect(hash.distance(to: PerceptualHash(luminance: values.map { 255 - $0 })) == 64)
        #expect(hash.description.count == 16)
    }
}
