import PhotoLibrary
/// Why the walk saw an entry but did not index it: what `photogrid index` counts as skipped and
/// `photogrid list --skipped` names.
///
/// Files are classified by name only (no file is opened to tell): a file without a photo name
/// (`.jpg`, `.jpeg`, `.png`, `.webp`, `.heic`, `.heif`, `.hif`, `.avif`) whose first bytes are no
/// format's signature is an `image`, `raw`, `video` or `other` file by its extension.
public enum SkippedKind: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// An image format PhotoGrid does not read: .gif .tif .tiff .bmp .jxl .jp2 .ico .svg .psd.
    case image
    /// A raw camera file: .dng .cr2 .cr3 .crw .nef .nrw .arw .srf .sr2 .orf .rw2 .raf .pef .srw .x3f
    /// .3fr .iiq .erf .mef .mos .mrw .kdc .dcr .rwl.
    case raw
    /// A video PhotoGrid does not read: .avi .mkv .mts .m2ts .wmv .webm .mpg .mpeg .insv .lrv (.mov, .mp4,
    /// .m4v, .3gp and .3g2 are indexed: `ImageFormat`).
    case video
    /// Any other file (documents, sidecars such as .xmp or .aae, sockets, FIFOs, devices).
    case other
    /// A hidden file or folder (its name starts with "."); a hidden folder counts once.
    case hidden
    /// A symbolic link (never followed), to a file or to a folder.
    case symlink
    /// A folder tagged as a cache (`CACHEDIR.TAG`, as `photogrid thumbs` writes): counts once.
    case cache
    /// A folder where a pseudo file system is mounted (proc, sysfs, cgroup, debugfs, …: the kernel's
    /// state, never photos; `PseudoFileSystem`): counts once, not listed.
    case pseudo
    /// PhotoGrid's own output: the library database and its -wal/-shm/-journal files, and the
    /// files an export wrote (`layout.json`, `grid.jpg`, its library and `thumbnails/`).
    case output

    /// The kind of a regular file that is not a JPEG, by the extension of `name` (ASCII case ignored).
    public static func ofFile(named name: [UInt8]) -> SkippedKind {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > name.startIndex else { return .other }
        let extensionText = String(decoding: name[(dot + 1)...].map(asciiLowercase), as: UTF8.self)
        if imageExtensions.contains(extensionText) { return .image }
        if rawExtensions.contains(extensionText) { return .raw }
        if videoExtensions.contains(extensionText) { return .video }
        return .other
    }

    static let imageExtensions: Set<String> = [
        "gif", "tif", "tiff", "bmp", "jxl", "jp2", "ico", "svg", "psd",
    ]
    static let rawExtensions: Set<String> = [
        "dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "orf", "rw2", "raf", "pef", "srw", "x3f",
        "3fr", "iiq", "erf", "mef", "mos", "mrw", "kdc", "dcr", "rwl",
    ]
    static let videoExtensions: Set<String> = [
        "avi", "mkv", "mts", "m2ts", "wmv", "webm", "mpg", "mpeg", "insv", "lrv",
    ]

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}

/// An entry the walk saw and did not index, relative to the walk's root.
public struct SkippedEntry: Sendable, Equatable {
    /// Path relative to the root, as raw bytes.
    public var relativePath: [UInt8]
    public var kind: SkippedKind

    public init(relativePath: [UInt8], kind: SkippedKind) {
        self.relativePath = relativePath
        self.kind = kind
    }

    /// The path for display (invalid UTF-8 bytes shown as U+FFFD).
    public var path: String { PathBytes.displayText(relativePath) }
}
