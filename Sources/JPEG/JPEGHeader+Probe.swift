import CJPEGShims
import PhotoGridSupport
import EXIF

extension JPEGHeader {
    /// How much of a file the whole-prefix probe reads at first (EXIF APP1 is at most 64 KiB and comes first).
    static let initialProbeLength = 65536
    /// The probe gives up if the image header does not end within this many bytes.
    static let maximumProbeLength = 16 << 20

    /// Probes the JPEG at `path`: its first 16 KiB, then only the segments the header needs.
    ///
    /// Reads with open/pread/close, no Foundation; thread-safe (no shared state).
    public static func probe(path: String) throws(JPEGError) -> JPEGFileProbe {
        let file = try ReadOnlyFile(jpeg: path)
        return try probe(fileDescriptor: file.descriptor, path: path)
    }

    /// Probes the file open as `descriptor`, reading it with pread (its offset is not used or moved).
    /// `path` is only used in error messages. The descriptor stays the caller's.
    ///
    /// The first 16 KiB are read once: they are the content key's bytes (`PrefixDigest`) and the
    /// start of the segment walk (`probeFollowingSegments`), which reads the rest of the header by
    /// segment lengths. A file whose segments are not plain is probed from a whole prefix instead.
    public static func probe(fileDescriptor descriptor: Int32, path: String = "") throws(JPEGError) -> JPEGFileProbe {
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: PrefixDigest.length, alignment: 16)
        defer { head.deallocate() }
        let length = try preadFully(descriptor, into: head, at: 0, path: path)
        let prefix = UnsafeRawBufferPointer(rebasing: head[..<length])
        try checkSignature(prefix)
        let digest = PrefixDigest.digest(head: prefix, descriptor: descriptor)
        if let header = try probeFollowingSegments(descriptor, head: prefix, path: path) {
            return JPEGFileProbe(header: header, prefixDigest: digest)
        }
        return JPEGFileProbe(header: try probeFromPrefix(descriptor, path: path), prefixDigest: digest)
    }

    /// The header parsed from the file's first 64 KiB, or from 4× as much while it goes on past what
    /// was read: libjpeg sees the file exactly as it is, every segment included.
    static func probeFromPrefix(_ descriptor: Int32, path: String) throws(JPEGError) -> JPEGHeader {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: initialProbeLength, alignment: 16)
        defer { buffer.deallocate() }
        var length = try preadFully(descriptor, into: buffer, at: 0, path: path)
        try checkSignature(UnsafeRawBufferPointer(rebasing: buffer[..<length]))

        while true {
            let atEndOfFile = length < buffer.count
            if let header = try read(UnsafeRawBufferPointer(rebasing: buffer[..<length]), isWholeFile: atEndOfFile) {
                return header
            }
            guard buffer.count < maximumProbeLength else {
                throw .libjpeg(call: "jpeg_read_header",
                               message: "no image header in the first \(maximumProbeLength) bytes")
            }
            // The header goes on past what we read: read 4× as much and parse again.
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 4, alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
            buffer.deallocate()
            buffer = larger
            length += try preadFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[length...]),
                                     at: length, path: path)
        }
    }

    /// Probes a JPEG held in memory.
    public static func probe(bytes: [UInt8]) throws(JPEGError) -> JPEGHeader {
        try bytes.withJPEGBytes { (raw) throws(JPEGError) -> JPEGHeader in
            try checkSignature(raw)
            guard let header = try read(raw, isWholeFile: true) else {
                throw .truncated(call: "jpeg_read_header", length: raw.count)  // read throws this itself
            }
            return header
        }
    }

    /// Throws `.empty` or `.notJPEG` unless `prefix` starts with the SOI marker.
    static func checkSignature(_ prefix: UnsafeRawBufferPointer) throws(JPEGError) {
        if prefix.isEmpty { throw .empty }
        if FileSignature.isJPEG(prefix) { return }
        if prefix.count == 1 && prefix[0] == 0xFF { throw .truncated(call: "jpeg_read_header", length: 1) }
        throw .notJPEG(detail: FileSignature.describe(prefix))
    }

    /// Parses the header in `bytes`. Returns nil if it continues past the end of `bytes` and more
    /// of the file exists; throws `.truncated` if `bytes` is the whole file. With `parsesEXIF` false
    /// the header has no EXIF facts (the caller reads them from where it found the segment).
    static func read(_ bytes: UnsafeRawBufferPointer, isWholeFile: Bool, parsesEXIF: Bool = true) throws(JPEGError) -> JPEGHeader? {
        var info = pgjpeg_header_info()
        var diagnostics = pgjpeg_diagnostics()
        let status = pgjpeg_probe(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count,
                                  &info, &diagnostics)
        switch status {
        case PGJPEG_STATUS_OK:
            break
        case PGJPEG_STATUS_NEED_MORE_DATA:
            if isWholeFile { throw .truncated(call: "jpeg_read_header", length: bytes.count) }
            return nil
        default:
            throw .libjpeg(call: diagnostics.callName(or: "pgjpeg_probe"), message: diagnostics.messageText)
        }

        var warnings = diagnostics.warningLines
        var exif = EXIFMetadata()
        if parsesEXIF, info.exif_offset >= 0, info.exif_length >= 0,
           info.exif_offset <= Int64(bytes.count), info.exif_length <= Int64(bytes.count) - info.exif_offset {
            let start = Int(info.exif_offset)
            exif = EXIFMetadata(tiff: UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(info.exif_length)]))
            warnings += exif.warnings
        }
        var header = JPEGHeader(
            storedWidth: Int(info.width), storedHeight: Int(info.height), components: Int(info.components),
            colorSpace: JPEGColorSpace(info.color_space), isProgressive: info.progressive != 0,
            isArithmetic: info.arithmetic != 0, orientation: exif.orientation, takenAt: exif.dateTimeOriginal,
            warnings: warnings)
        header.contentIdentifier = exif.contentIdentifier
        return header
    }
}
