import Platform

extension ThumbnailCache {
    /// Removes thumbnail files a library recorded and no longer needs (its pruned photos'), from
    /// the thumbnail folder `root`, without opening the cache (no folder is created or locked).
    ///
    /// Only paths shaped like ours are touched: `<variant>/<content key or id-N>.jpg` with a valid
    /// variant name, in a folder carrying our cache tag. Returns how many files were removed.
    public static func removeRecordedFiles(_ relativePaths: [String], fromFolder root: String) -> Int {
        guard !relativePaths.isEmpty, access(join(root, tagName), F_OK) == 0 else { return 0 }
        var removed = 0
        for relative in relativePaths {
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, ThumbnailVariant(name: String(parts[0])) != nil, parts[1].hasSuffix(".jpg") else {
                continue
            }
            let stem = String(parts[1].dropLast(4))
            guard isContentKey(stem) || (stem.hasPrefix("id-") && Int64(stem.dropFirst(3)) != nil) else { continue }
            if unlink(join(root, relative)) == 0 { removed += 1 }
        }
        return removed
    }
}
