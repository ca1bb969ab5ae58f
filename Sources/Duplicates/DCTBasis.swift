import Platform

/// The DCT-II basis functions the perceptual hash needs: frequencies 1…8 over 32 samples.
enum DCTBasis {
    /// `rows1to8[k · 32 + x] = cos(π (2x + 1)(k + 1) / 64)` for k in 0..<8 (the frequency k + 1).
    static let rows1to8: [Float] = {
        let n = LuminanceImage.hashSide
        var basis = [Float](repeating: 0, count: 8 * n)
        for k in 0..<8 {
            for x in 0..<n {
                basis[k * n + x] = Float(cos(Double.pi * Double(2 * x + 1) * Double(k + 1) / Double(2 * n)))
            }
        }
        return basis
    }()
}
