extension PictureSignature {
    /// The version byte `bytes` starts with.
    public static let bytesVersion: UInt8 = 1
    /// The length of `bytes`: version, width and height (UInt32), hash (UInt64), mean and contrast
    /// (Float32), then the 4,096 luminance values — little-endian throughout.
    public static let byteCount = 1 + 4 + 4 + 8 + 4 + 4 + LuminanceImage.side * LuminanceImage.side

    /// The signature as the bytes a store keeps (`byteCount` of them).
    public var bytes: [UInt8] {
        var out: [UInt8] = [Self.bytesVersion]
        out.reserveCapacity(Self.byteCount)
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        append(UInt32(truncatingIfNeeded: displayedWidth))
        append(UInt32(truncatingIfNeeded: displayedHeight))
        append(hash.bits)
        append(luminance.mean.bitPattern)
        append(luminance.contrast.bitPattern)
        out.append(contentsOf: luminance.pixels)
        return out
    }

    /// Reads `bytes` as written by `bytes`.
    /// - Throws: `SignatureBytesError` for another length or version, or values no signature has.
    public init(bytes: some Collection<UInt8>) throws(SignatureBytesError) {
        let bytes = Array(bytes)
        guard bytes.count == Self.byteCount else { throw .wrongLength(bytes.count, expected: Self.byteCount) }
        guard bytes[0] == Self.bytesVersion else { throw .unknownVersion(bytes[0]) }
        func read<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
            var value: T = 0
            for i in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(bytes[offset + i]) }
            return value
        }
        let width = Int(read(UInt32.self, at: 1)), height = Int(read(UInt32.self, at: 5))
        let mean = Float(bitPattern: read(UInt32.self, at: 17)), contrast = Float(bitPattern: read(UInt32.self, at: 21))
        guard width > 0, height > 0, (0...255).contains(mean), (0...255).contains(contrast) else { throw .invalidValues }
        self.init(hash: PerceptualHash(bits: read(UInt64.self, at: 9)), displayedWidth: width, displayedHeight: height,
                  luminance: LuminanceImage(mean: mean, contrast: contrast, pixels: Array(bytes[25...])))
    }
}
