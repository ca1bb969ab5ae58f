/// The result of probing a file: its header and a digest of its first bytes (for content keys).
public struct JPEGFileProbe: Sendable, Equatable {
    public var header: JPEGHeader
    /// 64-bit FNV-1a of the first min(fileSize, 65536) bytes of the file.
    public var prefixDigest: UInt64
    public init(header: JPEGHeader, prefixDigest: UInt64) { self.header = header; self.prefixDigest = prefixDigest }
}
