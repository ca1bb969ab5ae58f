import Platform

/// The entries of a folder, read with opendir/readdir.
public enum FolderListing {
    /// The names in the folder at `path` without `.` and `..` (names that are not valid UTF-8 are
    /// decoded with replacement characters: they are never ours), or nil when it cannot be opened
    /// (`errno` says why).
    public static func names(_ path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
