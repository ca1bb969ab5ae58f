import PhotoLibrary
import PhotoGridSupport
import Platform

/// What the index walks past, in one place: for the walker (`DirectoryWalker`) and for anything that
/// must ignore what the walk ignores (the server's folder watcher).
public enum WalkRules {
    /// Names starting with "." — hidden files and folders, the temporary files of atomic writes among them.
    public static func isHidden(_ name: some Collection<UInt8>) -> Bool {
        name.first == UInt8(ascii: ".")
    }

    /// The signature that starts a `CACHEDIR.TAG` file (Cache Directory Tagging Specification).
    static let cacheTagSignature = Array("Signature: 8a477f597d28d172789f06886806bc55".utf8)

    /// Whether the open folder `descriptor` is a tagged cache (photogrid's thumbnails, any tool's): it
    /// holds a `CACHEDIR.TAG` file starting with the signature (one failed `openat` for an ordinary folder).
    public static func isTaggedCache(folder descriptor: Int32) -> Bool {
        let tag = openat(descriptor, "CACHEDIR.TAG", O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard tag >= 0 else { return false }
        defer { close(tag) }
        var bytes = [UInt8](repeating: 0, count: cacheTagSignature.count)
        let count = bytes.withUnsafeMutableBytes { (try? ReadOnlyFile.read(tag, into: $0, at: 0)) ?? -1 }
        return count == cacheTagSignature.count && bytes == cacheTagSignature
    }
}
