public import Imaging

/// A picture's luminance at 64×64, normalised for mean and contrast: what verification compares.
///
/// The displayed picture is area-averaged to `side`×`side` whatever its aspect ratio (both copies of one
/// picture share it, and `PictureSignature` keeps the size), turned to luminance (Rec. 601 weights), then
/// each value stored as `128 + 32 (y − mean) / contrast`, rounded and clamped to 0…255: four standard
/// deviations either side, in steps of 1/32 of one. `mean` and `contrast` are kept beside it, so a dark
/// variant of a picture (same pattern, other levels) is still told apart.
public struct LuminanceImage: Sendable, Hashable {
    /// The side of the image, in pixels.
    public static let side = 64
    /// The side of the image the perceptual hash is computed from (2×2 averages of this one).
    public static let hashSide = 32
    /// Normalised values per standard deviation.
    public static let unitsPerDeviation: Float = 32

    /// The mean luminance, 0…255.
    public let mean: Float
    /// The standard deviation of the luminance, 0…255 (at least 1 in the normalisation).
    public let contrast: Float
    /// `side`² normalised values, row by row.
    public let pixels: [UInt8]

    /// Normalises `luminance` (`side`² values, 0…255, row by row).
    public init(luminance: [Float]) {
        precondition(luminance.count == Self.side * Self.side, "a luminance image has \(Self.side)² values")
        let count = Float(luminance.count)
        let mean = luminance.reduce(0, +) / count
        let variance = luminance.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count
        let contrast = variance.squareRoot()
        let scale = Self.unitsPerDeviation / max(contrast, 1)
        self.init(mean: mean, contrast: contrast,
                  pixels: luminance.map { UInt8(min(max((128 + ($0 - mean) * scale).rounded(), 0), 255)) })
    }

    /// A stored image, as `PictureSignature(bytes:)` reads it.
    init(mean: Float, contrast: Float, pixels: [UInt8]) {
        self.mean = mean
        self.contrast = contrast
        self.pixels = pixels
    }

    /// The `side`² luminance values (0…255) of `upright`, area-averaged.
    /// - Throws: `ImagingError` for an empty picture (not expected of a decoded one).
    public static func luminance(of upright: PixelBuffer) throws(ImagingError) -> [Float] {
        let small = try upright.areaAveraged(to: PixelSize(width: side, height: side))
        let bytes = small.bytes
        return (0..<side * side).map { i in
            0.299 * Float(bytes[3 * i]) + 0.587 * Float(bytes[3 * i + 1]) + 0.114 * Float(bytes[3 * i + 2])
        }
    }

    /// `luminance` (`side`² values) averaged over 2×2 squares: the `hashSide`² values the hash reads.
    public static func halved(_ luminance: [Float]) -> [Float] {
        (0..<hashSide * hashSide).map { i in
            let top = 2 * (i / hashSide) * side + 2 * (i % hashSide)
            return (luminance[top] + luminance[top + 1] + luminance[top + side] + luminance[top + side + 1]) / 4
        }
    }
}
