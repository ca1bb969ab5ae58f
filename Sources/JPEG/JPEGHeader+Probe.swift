import CJPEGShims

extension JPEGHeader {
    /// How much of a file the probe reads at first (EXIF APP1 is at most 64 KiB and comes first).
    static let initialProbeLength = 65536
    /// The probe gives up if the image header does not end within this many bytes.
    static let maximumProbeLength = 16 << 20

    /// Probes the JPEG at `path` from its first bytes (64 KiB; more only when the SOF lies further).
    ///
    /// Reads with open/pread/close, no Foundation; thread-safe (no shared state).
    public static func probe(path: String) throws(JPEGError) -> JPEGFileProbe {
        let file = try InputFile(path: path)
        return try probe(fileDescriptor: file.descriptor, path: path)
    }

    /// Probes the file open as `descriptor`, reading it with pread from offset 0 (its offset is not
    /// used or moved). `path` is only used in error messages. The descriptor stays the caller's.
    public static func probe(fileDescriptor descriptor: Int32, path: String = "") throws(JPEGError) -> JPEGFileProbe {
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: initialProbeLength, alignment: 16)
        defer { buffer.deallocate() }
        var length = try preadFully(descriptor, into: buffer, at: 0, path: path)
        try checkSignature(UnsafeRawBufferPointer(rebasing: buffer[..<length]))

        while true {
            let atEndOfFile = length < buffer.count
            if let header = try read(UnsafeRawBufferPointer(rebasing: buffer[..<length]), isWholeFile: atEndOfFile) {
                let prefix = UnsafeRawBufferPointer(rebasing: buffer[..<min(length, PrefixDigest.length)])
                return JPEGFileProbe(header: header, prefixDigest: PrefixDigest.fnv1a(prefix))
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
    /// of the file exists; throws `.truncated` if `bytes` is the whole file.
    static func read(_ bytes: UnsafeRawBufferPointer, isWholeFile: Bool) throws(JPEGError) -> JPEGHeader? {
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
        if info.exif_offset >= 0, info.exif_length >= 0,
           info.exif_offset <= Int64(bytes.count), info.exif_length <= Int64(bytes.count) - info.exif_offset {
            let start = Int(info.exif_offset)
            exif = EXIFMetadata(tiff: UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(info.exif_length)]))
            warnings += exif.warnings
        }
        return JPEGHeader(
            storedWidth: Int(info.width), storedHeight: Int(info.height), components: Int(info.components),
            colorSpace: JPEGColorSpace(info.color_space), isProgressive: info.progressive != 0,
            isArithmetic: info.arithmetic != 0, orientation: exif.orientation, takenAt: exif.dateTimeOriginal,
            warnings: warnings)
    }
}
