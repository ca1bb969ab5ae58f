import Platform

/// Writes every byte of `bytes` to `descriptor`, retrying short writes and EINTR. Returns errno on
/// failure (EIO for a write that wrote nothing), nil on success.
public func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
    bytes.withUnsafeBytes { buffer -> Int32? in
        var done = 0
        while done < buffer.count {
            let written = write(descriptor, buffer.baseAddress.map { $0 + done }, buffer.count - done)
            if written > 0 {
                done += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }
}
