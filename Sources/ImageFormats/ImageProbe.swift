import JPEG
import PNG
import WebP
import PhotoGridSupport
import Platform

/// Probes photos and videos of every format without decoding pixels: the one probe the index, `render`
/// and the thumbnail pipeline ask (a new format adds its case here and in `ImageDecoder`).
public enum ImageProbe {
    /// Probes the file open as `descriptor` as `format` (from its signature). The format modules read
    /// it again through `/proc/self/fd/N`: the same open file, whatever happened to its name since.
    /// `path` is for messages.
    public static func probe(descriptor: Int32, path: String, format: ImageFormat) throws(ImageFormatError) -> ImageFacts {
        let reopened = "/proc/self/fd/\(descriptor)"
        // The content key's digest: a video's also covers its moov box (VideoSupport.contentDigest); JPEG's
        // probe digests the first bytes as it reads them.
        func digest() throws(ImageFormatError) -> UInt64 {
            format.isVideo ? try VideoSupport.contentDigest(descriptor) : try prefixDigest(descriptor)
        }
        switch format {
        case .png:
            let header: PNGHeader
            do { header = try PNGFileProbe.probe(path: reopened) } catch { throw .png(error.naming(path)) }
            let channels: Int
            let model: String
            switch header.colorType {
            case .gray: (channels, model) = (header.hasAlpha ? 2 : 1, "grayscale")
            case .grayAlpha: (channels, model) = (2, "grayscale")
            case .rgb: (channels, model) = (header.hasAlpha ? 4 : 3, "rgb")
            case .rgba: (channels, model) = (4, "rgb")
            case .palette: (channels, model) = (header.hasAlpha ? 4 : 3, "rgb")
            }
            return ImageFacts(format: .png, storedWidth: header.storedWidth, storedHeight: header.storedHeight,
                              orientation: header.orientation, takenAt: header.takenAt, components: channels,
                              colorSpace: model, isProgressive: header.isInterlaced, prefixDigest: try digest())
        case .webp:
            let header: WebPHeader
            do { header = try WebPFileProbe.probe(path: reopened) } catch { throw .webp(error.naming(path)) }
            return ImageFacts(format: .webp, storedWidth: header.storedWidth, storedHeight: header.storedHeight,
                              orientation: header.orientation, takenAt: header.takenAt,
                              components: header.hasAlpha ? 4 : 3, colorSpace: header.format == .lossless ? "rgb" : "ycbcr",
                              isProgressive: false, prefixDigest: try digest())
        case .heic, .avif:
            return try HEIFSupport.probe(path: reopened, displayPath: path, format: format, prefixDigest: try digest())
        case .mov, .mp4:
            return try VideoSupport.probe(path: reopened, format: format, contentDigest: try digest())
        case .jpeg:
            return try JPEGSupport.probe(descriptor: descriptor, path: path)
        }
    }

    /// The digest of the content key of the file open as `descriptor`, read as `format` (what `probe`
    /// records): `PrefixDigest`'s head and tail, a video's `moov` box too. A reader of an indexed file
    /// compares it with the key's to know it is still the indexed file.
    public static func contentDigest(descriptor: Int32, format: ImageFormat) throws(ImageFormatError) -> UInt64 {
        switch format {
        case .mov, .mp4: return try VideoSupport.contentDigest(descriptor)
        default: return try prefixDigest(descriptor)
        }
    }

    /// `PrefixDigest` of the file open as `descriptor`: its first `PrefixDigest.length` bytes and its tail.
    static func prefixDigest(_ descriptor: Int32) throws(ImageFormatError) -> UInt64 {
        try read(descriptor, at: 0, count: PrefixDigest.length).withUnsafeBytes { PrefixDigest.digest(head: $0, descriptor: descriptor) }
    }

    /// Up to `count` bytes at `offset` of the file open as `descriptor` (fewer at its end), with pread(2).
    static func read(_ descriptor: Int32, at offset: UInt64, count: Int) throws(ImageFormatError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let done = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(ImageFormatError) -> Int in
                do throws(SystemCallFailure) { return try ReadOnlyFile.read(descriptor, into: buffer, at: Int(offset)) } catch {
                    throw .system(call: error.call, errno: error.errno)
                }
            }
        }.get()
        bytes.removeSubrange(done...)
        return bytes
    }
}

extension PNGError {
    /// The error with the `/proc/self/fd` path of a reopened descriptor replaced by the file's own.
    func naming(_ path: String) -> PNGError {
        if case let .system(call, _, errno) = self { return .system(call: call, path: path, errno: errno) }
        if case .sizeChanged = self { return .sizeChanged(path: path) }
        return self
    }
}

extension WebPError {
    /// The error with the `/proc/self/fd` path of a reopened descriptor replaced by the file's own.
    func naming(_ path: String) -> WebPError {
        if case let .system(call, _, errno) = self { return .system(call: call, path: path, errno: errno) }
        return self
    }
}
