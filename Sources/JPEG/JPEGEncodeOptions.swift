/// How `JPEGEncoder` encodes.
public struct JPEGEncodeOptions: Sendable, Equatable {
    /// libjpeg quality 1...100.
    public var quality: Int
    /// Optimized Huffman tables (a second pass over the data; smaller files).
    public var optimizeCoding: Bool
    /// Progressive instead of baseline.
    public var progressive: Bool
    /// Arithmetic instead of Huffman coding (many decoders cannot read it).
    public var arithmetic: Bool

    public init(quality: Int = 85, optimizeCoding: Bool = true, progressive: Bool = false, arithmetic: Bool = false) {
        self.quality = quality; self.optimizeCoding = optimizeCoding
        self.progressive = progressive; self.arithmetic = arithmetic
    }
}
