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

    init(probe: ProbedFile, fileSize: Int64) {
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
        contentKey = ContentKey.make(fileSize: fileSize, prefixHash: probe.prefixHash)
    }
}

/// The quick content key that recognises a moved file without hashing it whole.
enum ContentKey {
    /// `<file size in decimal>-<XXH64 of the first 64 KiB as 16 lowercase hex digits>`,
    /// e.g. `60957-29037b3c672d410d`.
    static func make(fileSize: Int64, prefixHash: UInt64) -> String {
        let hex = String(prefixHash, radix: 16)
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
