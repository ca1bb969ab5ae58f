import PhotoGridSupport
import Platform

/// The photo and video formats PhotoGrid reads, told apart by their first bytes (and named by extension).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// JPEG (libjpeg): `FF D8 FF`.
    case jpeg
    /// PNG (libpng): the 8-byte signature `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// WebP (libwebp): `RIFF` size `WEBP`.
    case webp
    /// HEIF with HEVC images — an iPhone's HEIC (libheif): an `ftyp` box whose brands say HEVC.
    case heic
    /// HEIF with AV1 images, AVIF (libheif): an `ftyp` box whose brands say AV1.
    case avif
    /// A QuickTime movie (FFmpeg's libraries): an `ftyp` box of brand `qt  `, or a file that starts with
    /// a QuickTime atom (`moov`, `mdat`, `wide`, `free`, `skip`) — what iPhones and many cameras write.
    case mov
    /// An MP4 family video (FFmpeg's libraries): an `ftyp` box of an ISO/MP4/M4V/3GPP brand.
    case mp4

    /// Whether files of this format are videos (probed and given a poster frame through `Video`).
    public var isVideo: Bool { self == .mov || self == .mp4 }

    /// The `ftyp` brands of MP4 family videos that cameras and phones write.
    static let videoBrands: Set<String> = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "M4VH",
                                           "M4VP", "3gp4", "3gp5", "3gp6", "3g2a", "3g2b", "MSNV", "XAVC", "mp71"]

    /// How many leading bytes `init?(signature:)` looks at.
    public static let signatureLength = 32

    /// The format whose signature `bytes` (a file's first bytes) start with, or nil.
    ///
    /// HEIF: an `ftyp` box at offset 0 whose major or a compatible brand is `avif`/`avis` (AVIF) or
    /// `heic`/`heix`/`heim`/`heis`/`hevc`/`hevx`/`mif1`/`msf1` (HEIC; `mif1` alone is the generic
    /// HEIF brand, which libheif reads whatever the codec).
    public init?(signature bytes: some Collection<UInt8>) {
        let b = Array(bytes.prefix(Self.signatureLength))
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { self = .jpeg; return }
        if b.count >= 8, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { self = .png; return }
        if b.count >= 12, b[0..<4] == Array("RIFF".utf8)[...], b[8..<12] == Array("WEBP".utf8)[...] { self = .webp; return }
        if b.count >= 8, ["moov", "mdat", "wide", "free", "skip"].contains(String(decoding: b[4..<8], as: UTF8.self)) {
            self = .mov
            return
        }
        guard b.count >= 12, b[4..<8] == Array("ftyp".utf8)[...] else { return nil }
        let boxSize = b[0..<4].reduce(0) { $0 << 8 | Int($1) }
        // Major brand at 8, minor version at 12, compatible brands from 16 to the box's end.
        var brands = [String(decoding: b[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= min(boxSize, b.count) {
            brands.append(String(decoding: b[offset..<(offset + 4)], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { self = .avif; return }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains($0) }) {
            self = .heic
            return
        }
        if brands[0] == "qt  " { self = .mov; return }
        if brands.contains(where: Self.videoBrands.contains) { self = .mp4; return }
        return nil
    }

    /// The format a file name's extension says (ASCII case ignored): `.jpg`/`.jpeg`, `.png`, `.webp`,
    /// `.heic`/`.heif`/`.hif`, `.avif`, `.mov`, `.mp4`/`.m4v`/`.3gp`/`.3g2`; nil for any other name. A
    /// candidate is read by its content whatever its name says.
    @inlinable public static func named(_ name: some BidirectionalCollection<UInt8>) -> ImageFormat? {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        guard suffix.count <= 4 else { return nil }
        switch String(decoding: suffix.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self) {
        case "jpg", "jpeg": return .jpeg
        case "png": return .png
        case "webp": return .webp
        case "heic", "heif", "hif": return .heic
        case "avif": return .avif
        case "mov", "qt": return .mov
        case "mp4", "m4v", "3gp", "3g2": return .mp4
        default: return nil
        }
    }

    /// The format of the file open as `descriptor`, by its first bytes (read with pread at offset 0);
    /// nil when they are no format's signature or cannot be read.
    public static func ofFile(descriptor: Int32) -> ImageFormat? {
        var start = [UInt8](repeating: 0, count: signatureLength)
        let count = start.withUnsafeMutableBytes { (try? ReadOnlyFile.read(descriptor, into: $0, at: 0)) ?? 0 }
        return count > 0 ? ImageFormat(signature: start[..<count]) : nil
    }
}
