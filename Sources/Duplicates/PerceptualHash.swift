/// A 64-bit perceptual hash: the low frequencies of a picture's luminance, each above or below their median.
///
/// pHash's DCT hash (Zauner, "Implementation and Benchmarking of Perceptual Image Hash Functions",
/// 2010; the pHash library's `ph_dct_imagehash`): the 2-D DCT-II of a 32×32 luminance image, the 8×8
/// block of coefficients from (1, 1) (the DC row and column left out: they follow brightness and the
/// picture's frame), one bit per coefficient — set when it is above the 64 coefficients' median. Bit 63
/// is coefficient (1, 1), then row by row. Re-encoding, resizing and format changes move few bits; two
/// pictures of one scene may differ in as few, so a hash only proposes a candidate (`PictureVerifier`).
public struct PerceptualHash: Sendable, Hashable, CustomStringConvertible {
    /// The 64 bits.
    public var bits: UInt64

    public init(bits: UInt64) {
        self.bits = bits
    }

    /// The hash of a `LuminanceImage.hashSide`² luminance image, row by row (any scale: only order matters).
    public init(luminance: [Float]) {
        let n = LuminanceImage.hashSide
        precondition(luminance.count == n * n, "a perceptual hash needs \(n)×\(n) luminance values")
        let basis = DCTBasis.rows1to8
        // rows[k][x] = Σ_y basis[k][y] · luminance[y][x], for the 8 vertical frequencies 1…8.
        var rows = [Float](repeating: 0, count: 8 * n)
        for k in 0..<8 {
            for y in 0..<n {
                let weight = basis[k * n + y]
                for x in 0..<n { rows[k * n + x] += weight * luminance[y * n + x] }
            }
        }
        var coefficients = [Float](repeating: 0, count: 64)
        for k in 0..<8 {
            for l in 0..<8 {
                var sum: Float = 0
                for x in 0..<n { sum += rows[k * n + x] * basis[l * n + x] }
                coefficients[k * 8 + l] = sum
            }
        }
        let sorted = coefficients.sorted()
        let median = (sorted[31] + sorted[32]) / 2
        var bits: UInt64 = 0
        for value in coefficients { bits = bits << 1 | (value > median ? 1 : 0) }
        self.bits = bits
    }

    /// The number of bits in which the two hashes differ (Hamming distance, 0…64).
    public func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// Sixteen hexadecimal digits.
    public var description: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
