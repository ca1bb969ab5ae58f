/// The proof after the candidate search: whether two signatures are the same displayed picture.
///
/// Tests in order: capture times (`CaptureTimeRule`), the aspect ratio, mean and contrast, then the
/// aligned luminance images (`PictureComparison.localDifference`, the worst 4×4 window). The defaults
/// are measured on Benchmarks/duplicates.sh's set (docs/duplicates.md): every re-encode, resize down to
/// 256 px, format change and re-orientation passes; frames 1 s apart, a moved region, a flipped patch,
/// crops 3 % apart and a 65 % darker variant fail.
public struct PictureVerifier: Sendable, Hashable {
    /// The largest |ln aspect a − ln aspect b| (0.03: a 3 % change of shape, rounding of a small copy's sides).
    public var maximumAspectDifference: Double
    /// The largest difference of mean luminance, in levels.
    public var maximumMeanDifference: Float
    /// The largest ratio of contrasts.
    public var maximumContrastRatio: Float
    /// The largest `localDifference`, in standard deviations.
    public var maximumLocalDifference: Float

    public init(maximumAspectDifference: Double = 0.03, maximumMeanDifference: Float = 6,
                maximumContrastRatio: Float = 1.1, maximumLocalDifference: Float = 0.06) {
        self.maximumAspectDifference = maximumAspectDifference
        self.maximumMeanDifference = maximumMeanDifference
        self.maximumContrastRatio = maximumContrastRatio
        self.maximumLocalDifference = maximumLocalDifference
    }

    /// The verdict on `a` and `b`, with their capture times (seconds) when known.
    public func verdict(_ a: PictureSignature, _ b: PictureSignature,
                        capturedA: Double? = nil, capturedB: Double? = nil) -> PictureVerdict {
        if CaptureTimeRule.refuses(capturedA, capturedB) { return .different(.captureTime) }
        let measured = PictureComparison(a, b)
        if measured.aspectDifference > maximumAspectDifference { return .different(.shape) }
        if measured.meanDifference > maximumMeanDifference { return .different(.brightness) }
        if measured.contrastRatio > maximumContrastRatio { return .different(.contrast) }
        if measured.localDifference > maximumLocalDifference { return .different(.content) }
        return .same
    }
}
