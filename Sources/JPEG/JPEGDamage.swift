/// What was wrong with a JPEG that libjpeg decoded anyway, with warnings. The pixels are what
/// libjpeg made of the data — what a browser shows for the same file.
public enum JPEGDamage: Sendable, Hashable, CustomStringConvertible {
    /// The data ends inside the image data (a half-downloaded file): libjpeg decoded what is there
    /// and the rest as zeros, which show as grey.
    case truncated
    /// The data ends without an end-of-image marker, but not inside a scan: every row was decoded
    /// from the file (a progressive file cut between two scans shows the scans it has).
    case missingEndMarker
    /// libjpeg found corrupt data and decoded it anyway; `message` is its first such warning
    /// ("Corrupt JPEG data: bad Huffman code"), `count` how many of them it gave.
    case corruptData(message: String, count: Int)

    public var description: String {
        switch self {
        case .truncated:
            return "truncated JPEG: the data ends before the image is complete (the rest is grey)"
        case .missingEndMarker:
            return "the JPEG data ends without an end-of-image marker"
        case let .corruptData(message, count):
            return "corrupt JPEG data, decoded anyway (libjpeg: \(message)"
                + (count > 1 ? "; \(count - 1) more warning\(count == 2 ? "" : "s"))" : ")")
        }
    }
}
