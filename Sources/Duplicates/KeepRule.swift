/// Which copy of a group to keep: the largest picture, then the original format, then a capture date
/// (EXIF present), then the oldest file — the first rule that tells them apart is the reason.
///
/// "Original format": a camera's JPEG, HEIC or AVIF over a PNG or WebP export. Ties on every rule keep the
/// first candidate (the caller orders them, e.g. by path).
public enum KeepRule {
    /// What the rule looks at of one copy.
    public struct Candidate: Sendable, Hashable {
        public var pixels: Int
        public var format: String
        public var hasCaptureDate: Bool
        /// The file's modification time, nanoseconds since 1970.
        public var modified: Int64

        public init(pixels: Int, format: String, hasCaptureDate: Bool, modified: Int64) {
            self.pixels = pixels
            self.format = format
            self.hasCaptureDate = hasCaptureDate
            self.modified = modified
        }
    }

    /// Why a copy was kept: the first rule that set it apart from every other copy.
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        case largestPicture = "largest picture"
        case originalFormat = "original format"
        case captureDate = "capture date present"
        case oldestFile = "oldest file"
        case firstByPath = "first by path"
    }

    /// The formats a camera writes.
    public static let originalFormats: Set<String> = ["jpeg", "heic", "avif"]

    /// The position in `candidates` to keep and why (`candidates` must not be empty).
    public static func keep(_ candidates: [Candidate]) -> (position: Int, reason: Reason) {
        precondition(!candidates.isEmpty, "a group has copies")
        var remaining = Array(candidates.indices)
        let rules: [(Reason, (Candidate) -> Int64)] = [
            (.largestPicture, { Int64($0.pixels) }),
            (.originalFormat, { originalFormats.contains($0.format) ? 1 : 0 }),
            (.captureDate, { $0.hasCaptureDate ? 1 : 0 }),
            (.oldestFile, { -$0.modified }),
        ]
        for (reason, score) in rules {
            let best = remaining.map { score(candidates[$0]) }.max()!
            let kept = remaining.filter { score(candidates[$0]) == best }
            if kept.count == 1 { return (kept[0], reason) }
            remaining = kept
        }
        return (remaining[0], .firstByPath)
    }
}
