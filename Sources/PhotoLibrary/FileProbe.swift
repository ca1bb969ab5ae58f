public import JPEG

/// How the indexer reads a JPEG header from an open file. The default is libjpeg through the JPEG
/// module; tests substitute one that counts calls (to prove what a rescan opens) or fakes results.
public struct FileProbe: Sendable {
    /// Probes the regular file open as `descriptor` (read with pread from offset 0; the descriptor
    /// stays the caller's). `path` is for error messages only.
    public var probe: @Sendable (_ descriptor: Int32, _ path: String) throws(JPEGError) -> JPEGFileProbe

    public init(_ probe: @escaping @Sendable (_ descriptor: Int32, _ path: String) throws(JPEGError) -> JPEGFileProbe) {
        self.probe = probe
    }

    /// The real probe: `JPEGHeader.probe(fileDescriptor:)` (the first 16 KiB, then only the segments
    /// the header needs), which also digests the file's first bytes for the content key.
    public static let libjpeg = FileProbe { descriptor, path throws(JPEGError) in
        try JPEGHeader.probe(fileDescriptor: descriptor, path: path)
    }
}
