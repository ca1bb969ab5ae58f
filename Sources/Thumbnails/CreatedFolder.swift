import Platform

/// A folder a run created (with its missing parents), so that a run that fails can remove exactly
/// what it made and nothing else.
public struct CreatedFolder: Sendable, Equatable {
    /// The outermost folder the run created: removing it removes everything the run made there.
    public let path: String

    /// Creates `path` and its missing parents (mkdir -p). Returns the outermost folder it created,
    /// or nil when `path` already was a folder.
    ///
    /// - Throws: `.system` naming mkdir (ENOTDIR when a file is in the way).
    public static func make(_ path: String) throws(ThumbnailError) -> CreatedFolder? {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw .system(call: "mkdir", path: path, errno: ENOTDIR) }
            return nil
        }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let (parent, _) = AtomicFile.split(trimmed)
        var outer: CreatedFolder?
        if !parent.isEmpty && parent != "/" { outer = try make(String(parent.dropLast())) }
        if mkdir(path, 0o755) != 0 {
            guard errno == EEXIST else { throw .system(call: "mkdir", path: path, errno: errno) }
            return outer
        }
        return outer ?? CreatedFolder(path: path)
    }

    /// Removes the folder and everything in it (all made by this run). Best effort: a file it
    /// cannot remove is left, and so are the folders above it.
    public func remove() {
        Self.removeTree(path)
    }

    private static func removeTree(_ path: String) {
        for name in FolderListing.names(path) ?? [] {
            let child = path.hasSuffix("/") ? path + name : path + "/" + name
            var status = stat()
            if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }
}
