package import ImageFormats

/// What the indexer stores about a readable photo: its format, its header facts and its content key.
package struct PhotoFacts: Sendable, Equatable {
    package var format: ImageFormat
    package var storedWidth: Int
    package var storedHeight: Int
    package var pixelWidth: Int
    package var pixelHeight: Int
    package var orientation: Int
    package var components: Int
    package var colorSpace: String
    package var isProgressive: Bool
    package var takenAt: String?
    package var contentKey: String
    /// A video's duration in seconds and codec (nil for photos).
    var duration: Double?
    package var codec: String?
    /// A video's poster frame time in seconds (nil for photos).
    package var posterTime: Double?
    /// Apple's Live Photo identifier (photo maker note or movie metadata), when the file has one.
    package var contentIdentifier: String?
    /// An Android Motion Photo's appended video (set by the prober once it is found where announced).
    package var motion: EmbeddedMovie?

    /// The facts of a probe of any format.
    package init(facts: ImageFacts, fileSize: Int64) {
        format = facts.format
        storedWidth = facts.storedWidth
        storedHeight = facts.storedHeight
        orientation = (1...8).contains(facts.orientation) ? facts.orientation : 1
        pixelWidth = orientation >= 5 ? facts.storedHeight : facts.storedWidth
        pixelHeight = orientation >= 5 ? facts.storedWidth : facts.storedHeight
        components = facts.components
        colorSpace = facts.colorSpace
        isProgressive = facts.isProgressive
        takenAt = facts.takenAt
        contentKey = ContentKey.make(fileSize: fileSize, prefixDigest: facts.prefixDigest)
        duration = facts.duration
        codec = facts.codec
        posterTime = facts.posterTime
        contentIdentifier = facts.contentIdentifier
    }
}

/// The quick content key that recognises a moved file without hashing it whole.
public enum ContentKey {
    /// `<file size in decimal>-<the probe's prefix digest as 16 lowercase hex digits>`, e.g.
    /// `60957-0f1e2d3c4b5a6978` (`PrefixDigest` of the file's first 16 KiB, for every format).
    static func make(fileSize: Int64, prefixDigest: UInt64) -> String {
        let hex = String(prefixDigest, radix: 16)
        return "\(fileSize)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The digest `key` carries (what `ImageProbe.contentDigest` gives for the indexed file), or nil for
    /// another text: a reader checks with it that a file is still the indexed one.
    public static func digest(of key: String?) -> UInt64? {
        guard let key, let dash = key.lastIndex(of: "-") else { return nil }
        let hex = key[key.index(after: dash)...]
        guard hex.count == 16 else { return nil }
        return UInt64(hex, radix: 16)
    }
}

/// What probing one walked file found.
package enum ProbeOutcome: Sendable, Equatable {
    /// A readable photo.
    case photo(PhotoFacts)
    /// A candidate that could not be read: the error row's message, and the format its first bytes
    /// (else its name) claim.
    case failure(String, format: ImageFormat)
    /// A file without a photo name whose first bytes are no format's signature: not a candidate.
    case notPhoto
    /// The file disappeared (or turned into a link) between the walk and the probe.
    case vanished
}
