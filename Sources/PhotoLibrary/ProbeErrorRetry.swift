import Platform

/// Which error rows an index run opens again although the file has not changed.
///
/// A file that is not a JPEG stays so until it changes (and a change of size or mtime re-probes it
/// anyway). But a system call may fail for a reason that goes away: the file was not readable by
/// this user (EACCES, EPERM), busy or locked (EBUSY, ETXTBSY, EAGAIN, ENOLCK), the process ran out
/// of descriptors or memory (EMFILE, ENFILE, ENOMEM), the call was interrupted (EINTR), or the
/// storage failed (EIO, a network file system's ESTALE or ETIMEDOUT: a flaky disk, card reader or
/// share). Error rows whose message ends in `(errno N)` with one of these numbers are retried on
/// every run; each costs one open, and a file that still fails keeps its error row.
public enum ProbeErrorRetry {
    /// The errno values worth a retry.
    public static let transientErrnos: Set<Int32> = [
        EACCES, EPERM, EBUSY, ETXTBSY, EAGAIN, ENOLCK, EMFILE, ENFILE, ENOMEM, EINTR, EIO, ESTALE, ETIMEDOUT,
    ]

    /// Whether an error row with `message` may succeed on a later run without the file changing.
    public static func isTransient(_ message: String?) -> Bool {
        guard let code = errnoNumber(in: message) else { return false }
        return transientErrnos.contains(code)
    }

    /// The N of a trailing "(errno N)", as `LibraryError`, `JPEGError` and the prober write it.
    static func errnoNumber(in message: String?) -> Int32? {
        guard let message, message.hasSuffix(")") else { return nil }
        let bytes = Array(message.utf8)
        let marker = Array("(errno ".utf8)
        var start = bytes.count - marker.count - 1
        while start >= 0 {
            if bytes[start..<(start + marker.count)].elementsEqual(marker) {
                return Int32(String(decoding: bytes[(start + marker.count)..<(bytes.count - 1)], as: UTF8.self))
            }
            start -= 1
        }
        return nil
    }
}
