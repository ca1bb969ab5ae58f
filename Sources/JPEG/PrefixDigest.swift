/// The 64-bit FNV-1a hash used as the quick content key of a file's first bytes.
enum PrefixDigest {
    /// How many leading bytes of a file the digest covers.
    static let length = 65536
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a (64-bit) of `bytes`.
    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* prime
        }
        return hash
    }
}
