/// The CRC-32 a PNG chunk ends with (ISO 3309 / ITU-T V.42, reflected polynomial 0xEDB88320), over the
/// chunk's type and data: PNG specification §5.5.
enum PNGChunkCRC {
    /// The byte-at-a-time table of the reflected polynomial.
    static let table: [UInt32] = (0..<256).map { byte in
        var c = UInt32(byte)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
