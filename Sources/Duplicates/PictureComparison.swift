import Platform

/// How two signatures differ, measured: shape, brightness, contrast and the aligned luminance images.
///
/// The luminance images are compared after their normalisation (so in standard deviations of each
/// picture's own luminance), each pixel against the range the other image takes within half a pixel of
/// it (its value and the midpoints to its four neighbours): a copy resampled with its sides rounded
/// differently stays inside, a moved subject, a frame a second later or a crop a pixel away does not.
/// `localDifference` is the largest mean of that excess over 8×8-pixel windows (stride 4: each 1/64 of
/// the picture, overlapping by half), so a change in one place is not averaged away by the rest.
public struct PictureComparison: Sendable, Equatable {
    /// The window side and stride of `localDifference`, in pixels of the 64×64 images.
    public static let window = 8, stride = 4

    /// |ln(aspect ratio a) − ln(aspect ratio b)| of the displayed sizes.
    public var aspectDifference: Double
    /// |mean a − mean b| in luminance levels (0…255).
    public var meanDifference: Float
    /// The larger contrast over the smaller (each at least 1), ≥ 1.
    public var contrastRatio: Float
    /// The largest window's mean excess beyond the half-pixel range, in standard deviations.
    public var localDifference: Float
    /// The whole image's mean excess, in standard deviations.
    public var meanExcess: Float

    /// Measures `a` against `b` (symmetric).
    public init(_ a: PictureSignature, _ b: PictureSignature) {
        func logAspect(_ s: PictureSignature) -> Double { log(Double(s.displayedWidth) / Double(s.displayedHeight)) }
        aspectDifference = abs(logAspect(a) - logAspect(b))
        meanDifference = abs(a.luminance.mean - b.luminance.mean)
        let ca = max(a.luminance.contrast, 1), cb = max(b.luminance.contrast, 1)
        contrastRatio = max(ca, cb) / min(ca, cb)

        let n = LuminanceImage.side, w = Self.window
        let pa = a.luminance.pixels, pb = b.luminance.pixels
        // summed[(y + 1) · (n + 1) + x + 1]: twice the excess summed over the pixels above and left of (x, y), inclusive.
        var summed = [Int](repeating: 0, count: (n + 1) * (n + 1))
        for y in 0..<n {
            var row = 0
            for x in 0..<n {
                row += max(Self.excess(pa, beyond: pb, x, y), Self.excess(pb, beyond: pa, x, y))
                summed[(y + 1) * (n + 1) + x + 1] = summed[y * (n + 1) + x + 1] + row
            }
        }
        var largest = 0
        for y in Swift.stride(from: 0, through: n - w, by: Self.stride) {
            for x in Swift.stride(from: 0, through: n - w, by: Self.stride) {
                let sum = summed[(y + w) * (n + 1) + x + w] - summed[y * (n + 1) + x + w]
                    - summed[(y + w) * (n + 1) + x] + summed[y * (n + 1) + x]
                largest = max(largest, sum)
            }
        }
        let unit = 2 * LuminanceImage.unitsPerDeviation
        localDifference = Float(largest) / Float(w * w) / unit
        meanExcess = Float(summed[(n + 1) * (n + 1) - 1]) / Float(n * n) / unit
    }

    /// Twice how far `p`'s pixel (x, y) lies outside the range of `q` within half a pixel of (x, y).
    @inline(__always)
    static func excess(_ p: [UInt8], beyond q: [UInt8], _ x: Int, _ y: Int) -> Int {
        let n = LuminanceImage.side
        let centre = Int(q[y * n + x])
        var low = 2 * centre, high = 2 * centre
        @inline(__always) func widen(_ neighbour: Int) {
            low = min(low, centre + neighbour)
            high = max(high, centre + neighbour)
        }
        if x > 0 { widen(Int(q[y * n + x - 1])) }
        if x < n - 1 { widen(Int(q[y * n + x + 1])) }
        if y > 0 { widen(Int(q[(y - 1) * n + x])) }
        if y < n - 1 { widen(Int(q[(y + 1) * n + x])) }
        let value = 2 * Int(p[y * n + x])
        return max(0, value - high, low - value)
    }
}
