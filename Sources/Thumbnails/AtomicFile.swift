import PhotoGridSupport
import Synchronization

import Platform

/// Writes files so that their final name never shows a partial file: the bytes go to a temporary
/// file in the same folder, which is then renamed over the final name (rename(2) is atomic within a
/// file system: a reader, or a process killed at any moment, sees the old file or the new one).
///
/// No fsync. A killed process cannot leave a partial file under the final name either way (the
/// kernel keeps what was written); only a power loss can, as an empty or short file after the
/// rename. The thumbnail cache records each file's byte size and regenerates a file whose size
/// differs, so that case heals on the next run, and 1,000 thumbnails do not cost 1,000 disk flushes.
public enum AtomicFile {
    /// Temporary files start with this (and are hidden: indexers and `ls` skip them).
    public static let temporaryPrefix = ".tmp-"

    /// Distinguishes the temporary files of concurrent writers in one process.
    private static let sequence = Atomic<Int>(0)

    /// Writes `bytes` to `path` (in an existing folder) atomically, replacing any file there.
    ///
    /// - Throws: `ThumbnailError.system` naming the failed call (open, write, close, rename); the
    ///   temporary file is removed on every failure.
    public static func write(_ bytes: [UInt8], to path: String) throws(ThumbnailError) {
        let (folder, name) = split(path)
        let number = sequence.add(1, ordering: .relaxed).oldValue
        let temporary = folder + temporaryPrefix + name + ".\(getpid()).\(number)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .system(call: "open", path: temporary, errno: errno) }
        var failure: ThumbnailError?
        if let code = writeAll(bytes, to: descriptor) { failure = .system(call: "write", path: temporary, errno: code) }
        if close(descriptor) != 0, failure == nil { failure = .system(call: "close", path: temporary, errno: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = .system(call: "rename", path: path, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Whether `name` is one of our temporary files (left behind by a killed process).
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix)
    }

    /// `("dir/", "name")` for `"dir/name"`, `("", "name")` for `"name"`.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }
}
