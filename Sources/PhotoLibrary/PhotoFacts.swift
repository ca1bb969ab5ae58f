import JPEG

/// What the indexer stores about a readable JPEG: its header facts and its content key.
struct PhotoFacts: Sendable, Equatable {
    var storedWidth: Int
    var storedHeight: Int
    var pixelWidth: Int
    var pixelHeight: Int
    var orientation: Int
    var components: Int
    var colorSpace: String
    var isProgressive: Bool
    var takenAt: String?
    var contentKey: String

    init(probe: JPEGFileProbe, fileSize: Int64) {
        let header = probe.header
        storedWidth = header.storedWidth
        storedHeight = header.storedHeight
        orientation = (1...8).contains(header.orientation) ? header.orientation : 1
        pixelWidth = orientation >= 5 ? header.storedHeight : header.storedWidth
        pixelHeight = orientation >= 5 ? header.storedWidth : header.storedHeight
        components = header.components
        colorSpace = header.colorSpace.rawValue
        isProgressive = header.isProgressive
        takenAt = header.takenAt
        contentKey = ContentKey.make(fileSize: fileSize, prefixDigest: probe.prefixDigest)
    }
}

/// The quick content key that recognises a moved file without hashing it whole.
enum ContentKey {
    /// `<file size in decimal>-<the JPEG probe's prefix digest as 16 lowercase hex digits>`,
    /// e.g. `60957-0f1e2d3c4b5a6978` (`JPEGFileProbe.prefixDigest`: a digest of the file's first bytes).
    static func make(fileSize: Int64, prefixDigest: UInt64) -> String {
        let hex = String(prefixDigest, radix: 16)
        return "\(fileSize)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What probing one walked file found.
enum ProbeOutcome: Sendable, Equatable {
    /// A readable JPEG.
    case photo(PhotoFacts)
    /// A JPEG candidate that could not be read: the error row's message.
    case failure(String)
    /// A file without a JPEG name whose first bytes are not FF D8 FF: not a candidate.
    case notJPEG
    /// The file disappeared (or turned into a link) between the walk and the probe.
    case vanished
}
