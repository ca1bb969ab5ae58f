import Platform
public import Imaging

extension PixelBuffer {
    /// Mean of the squared differences between this image's and `other`'s channel values
    /// (all pixels, all three channels).
    ///
    /// - Throws: `ImagingError.sizeMismatch` when the sizes differ.
    public func meanSquaredError(comparedWith other: PixelBuffer) throws(ImagingError) -> Double {
        guard size == other.size else { throw .sizeMismatch(size, other.size) }
        var sum = 0
        for i in 0..<bytes.count {
            let d = Int(bytes[i]) - Int(other.bytes[i])
            sum += d * d
        }
        return Double(sum) / Double(bytes.count)
    }

    /// Peak signal-to-noise ratio in decibels against `reference`: `10 · log10(255² / MSE)`;
    /// `+∞` for identical images. Every channel value off by one gives 48.13 dB.
    ///
    /// - Throws: `ImagingError.sizeMismatch` when the sizes differ.
    public func psnr(comparedWith reference: PixelBuffer) throws(ImagingError) -> Double {
        let mse = try meanSquaredError(comparedWith: reference)
        if mse == 0 { return .infinity }
        return 10 * log10(255.0 * 255.0 / mse)
    }
}
