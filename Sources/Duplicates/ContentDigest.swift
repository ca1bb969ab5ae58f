public import PhotoGridSupport

/// A 128-bit digest of a file's whole bytes, read without decoding: what finds exact copies.
///
/// Two 64-bit multiply–rotate lanes over the little-endian 8-byte words (the last word zero-padded), the
/// length mixed in at the end. Not cryptographic: equal digests propose an exact copy, and
/// `ExactCopies` compares the bytes before it groups them. Read 1 MiB at a time with pread.
public struct ContentDigest: Sendable, Hashable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The digest of `bytes`.
    public init(of bytes: some Collection<UInt8>) {
        var lanes = Lanes()
        var bytes = Array(bytes)
        let count = bytes.count
        lanes.mix(&bytes, count: count)
        (high, low) = lanes.finish(length: UInt64(count))
    }

    /// The digest of the file at `path`.
    /// - Throws: `SystemCallFailure` when it cannot be opened or read.
    public init(fileAt path: String) throws(SystemCallFailure) {
        let file = try ReadOnlyFile(path: path)
        var lanes = Lanes()
        var offset = 0
        while true {
            var chunk = try file.read(1 << 20, at: offset)
            let count = chunk.count
            lanes.mix(&chunk, count: count)
            offset += count
            if count < 1 << 20 { break }
        }
        (high, low) = lanes.finish(length: UInt64(offset))
    }

    /// The two lanes' state.
    struct Lanes {
        var a: UInt64 = 0x243F_6A88_85A3_08D3
        var b: UInt64 = 0x1319_8A2E_0370_7344

        /// Mixes the first `count` bytes of `bytes` (a whole number of words unless it is the last call).
        mutating func mix(_ bytes: inout [UInt8], count: Int) {
            let words = (count + 7) / 8
            if count % 8 != 0 {
                if bytes.count < words * 8 { bytes.append(contentsOf: repeatElement(0, count: words * 8 - bytes.count)) }
                for i in count..<(words * 8) { bytes[i] = 0 }
            }
            bytes.withUnsafeBytes { raw in
                for i in 0..<words {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                    a = ((a ^ word) &* 0x9E37_79B9_7F4A_7C15).rotated(by: 31)
                    b = ((b &+ word) &* 0xC2B2_AE3D_27D4_EB4F).rotated(by: 27) ^ a
                }
            }
        }

        /// The final avalanche (SplitMix64's) of each lane with the length.
        func finish(length: UInt64) -> (UInt64, UInt64) {
            func avalanche(_ x: UInt64) -> UInt64 {
                var z = x
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            return (avalanche(a ^ length), avalanche(b &+ length &* 0x9E37_79B9_7F4A_7C15))
        }
    }
}

extension UInt64 {
    /// Rotated left by `count` bits.
    fileprivate func rotated(by count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
