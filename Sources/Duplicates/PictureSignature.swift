public import Imaging

/// What duplicate detection keeps of one picture: its perceptual hash, displayed size and small luminance image.
///
/// Made from the displayed picture (orientation applied) at a small size (`SignatureMaker`), so a
/// re-encoded, resized, converted or re-oriented copy has nearly the same signature. `hash` proposes
/// candidates (`HashIndex`), `luminance` and the size prove or refuse them (`PictureVerifier`).
/// `bytes` / `init(bytes:)` are what a store keeps (`PictureSignature+Bytes.swift`).
public struct PictureSignature: Sendable, Hashable {
    /// The pHash of the luminance image before normalisation.
    public var hash: PerceptualHash
    /// The picture's size as displayed, in pixels (of the file, not of the small picture it was made from).
    public var displayedWidth: Int
    public var displayedHeight: Int
    /// The normalised 64×64 luminance image.
    public var luminance: LuminanceImage

    public init(hash: PerceptualHash, displayedWidth: Int, displayedHeight: Int, luminance: LuminanceImage) {
        self.hash = hash
        self.displayedWidth = displayedWidth
        self.displayedHeight = displayedHeight
        self.luminance = luminance
    }

    /// The signature of `upright`, a small rendering of the displayed picture of a file displayed
    /// `displayedWidth`×`displayedHeight` (the rendering's own size when nil).
    /// - Throws: `ImagingError` for an empty picture.
    public init(upright: PixelBuffer, displayedWidth: Int? = nil, displayedHeight: Int? = nil) throws(ImagingError) {
        let values = try LuminanceImage.luminance(of: upright)
        self.init(hash: PerceptualHash(luminance: LuminanceImage.halved(values)), displayedWidth: displayedWidth ?? upright.width,
                  displayedHeight: displayedHeight ?? upright.height, luminance: LuminanceImage(luminance: values))
    }
}
