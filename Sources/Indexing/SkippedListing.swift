public import PhotoLibrary
extension IndexWriter {
    /// The entries of the library's folder that an index run skips, as the folder is now: hidden
    /// entries, symbolic links, cache folders, PhotoGrid's outputs, and files that are not
    /// indexed photos (by the kind their name says). Sorted by path bytes.
    ///
    /// Walks the folder (one stat per file, nothing opened). Empty before the first index run.
    /// - Throws: `.libraryFolderGone` when the library's folder no longer exists; walk and
    ///   database errors.
    public func skippedEntries() throws(LibraryError) -> [SkippedEntry] {
        guard let root = try root() else { return [] }
        guard root.isFolder else { throw .libraryFolderGone(path: root.path) }
        let walk = try DirectoryWalker.walk(root: root.pathBytes,
                                            excluding: Indexer(writer: self).databaseFiles(under: root.pathBytes))
        let state = try loadIndexState()
        var entries = walk.skipped
        for file in walk.files where !file.hasPhotoName && state.photos[file.relativePath] == nil {
            entries.append(SkippedEntry(relativePath: file.relativePath, kind: file.skippedKind))
        }
        entries.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        return entries
    }
}
