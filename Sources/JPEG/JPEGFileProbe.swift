/// The result of probing a file: its header and a digest of its first bytes (for content keys).
public struct JPEGFileProbe: Sendable, Equatable {
    public var header: JPEGHeader
    /// FNV-1a (over 64-bit words) of the first min(fileSize, 16384) bytes of the file and of its last
    /// 4,096 past them; see `PrefixDigest`.
    public var prefixDigest: UInt64
    public init(header: JPEGHeader, prefixDigest: UInt64) { self.header = header; self.prefixDigest = prefixDigest }
}
