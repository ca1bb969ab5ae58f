/// The quick content key of a file's first bytes: FNV-1a over 64-bit words.
///
/// FNV-1a's xor-multiply step applied to little-endian 64-bit words (the last `count % 8` bytes one at a
/// time, so inputs shorter than 8 bytes hash exactly as byte-wise FNV-1a 64). Byte-wise FNV-1a over
/// 64 KiB cost 71 µs per file, nine times the rest of the probe; words over 16 KiB cost about 2 µs.
/// With the file size beside it, the first 16 KiB (EXIF with its timestamps, or the tables and the
/// start of the entropy-coded data) tell photos apart for move detection.
public enum PrefixDigest {
    /// How many leading bytes of a file the digest covers.
    public static let length = 16384
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a over the little-endian 64-bit words of `bytes`, then over its trailing bytes.
    public static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        let words = bytes.count / 8
        for i in 0..<words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
            hash = (hash ^ word) &* prime
        }
        for byte in bytes[(words * 8)...] {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }
}
