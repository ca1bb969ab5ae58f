import PhotoLibrary
import PhotoGridSupport
import ImageFormats
import Platform
import Dispatch

extension WalkedFile {
    /// What the file counts as when it is not a JPEG: by its name's extension.
    var skippedKind: SkippedKind {
        let name = relativePath.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? relativePath
        return SkippedKind.ofFile(named: name)
    }
}

/// A folder under the root that could not be listed.
struct UnreadableFolder: Sendable, Equatable {
    var relativePath: [UInt8]
    /// The call that failed (`open`, `readdir`).
    var call: String
    var errno: Int32
}

/// Everything under a root: its regular files (sorted by path bytes), the entries it saw and left
/// out (sorted by path bytes), and the folders it could not read.
struct DirectoryWalk: Sendable {
    var files: [WalkedFile]
    var unreadableFolders: [UnreadableFolder]
    /// Hidden entries, symbolic links, special files, cache folders and PhotoGrid's outputs.
    var skipped: [SkippedEntry] = []
}

/// Lists every regular file under a folder with opendir/readdir/fstatat (no Foundation): one `fstatat` per
/// file. The folders of one depth are listed on up to `threads` threads (a cold disk answers several
/// directory reads at once faster), then taken in path order: the result does not depend on the threads.
///
/// Skipped, each recorded with its `SkippedKind` so every entry is accounted for: names starting with "."; folders
/// tagged as caches (`CACHEDIR.TAG`, bford.info/cachedir, as `photogrid thumbs` writes); an export's outputs
/// (its `ExportMarker`); pseudo file systems (`PseudoFileSystem`: /proc, /sys, …); sockets, FIFOs and devices
/// (`other`). Symbolic links are never followed, so the walk cannot leave the root or loop; a folder seen
/// twice (same device and inode: a bind mount) is listed once, at its shallowest path (first in path order).
/// Entries that vanish during the walk are left out.
enum DirectoryWalker {
    /// How many folders of one depth are listed at once, at most.
    static let threads = 4

    /// Walks `root` (an absolute path, symlinks already resolved).
    ///
    /// - Parameters:
    ///   - excluding: relative paths to leave out as `output` (the database's own files when it lives
    ///     inside the root).
    ///   - threads: folders of one depth listed at once, at most (1: all on the calling thread).
    ///   - progress: called with the number of files found so far (a multiple of 4,096) as the listings
    ///     of a depth are taken, each time another 4,096 or more have come.
    /// - Throws: `.system` when the root itself cannot be opened or listed, `.notADirectory`.
    static func walk(root: [UInt8], excluding: Set<[UInt8]> = [], threads: Int = threads,
                     progress: ((Int) -> Void)? = nil) throws(LibraryError) -> DirectoryWalk {
        var files: [WalkedFile] = []
        var unreadable: [UnreadableFolder] = []
        var skipped: [SkippedEntry] = []
        var visited = Set<FolderIdentity>()
        var depth: [[UInt8]] = [[]]
        var reported = 0

        while !depth.isEmpty {
            let listings = list(depth, root: root, excluding: excluding, threads: threads)
            var deeper: [[UInt8]] = []
            for (folder, listing) in zip(depth, listings) {
                switch listing {
                case let .failed(call, code, identity):
                    if let identity, !visited.insert(identity).inserted { continue }
                    if folder.isEmpty {
                        let path = String(decoding: root, as: UTF8.self)
                        if call == "open" && code == ENOTDIR { throw .notADirectory(path: path) }
                        throw .system(call: call, path: path, errno: code)
                    }
                    // Vanished since its parent was listed, or replaced by a symlink: nothing to list.
                    if call != "open" || (code != ENOENT && code != ELOOP && code != ENOTDIR) {
                        unreadable.append(UnreadableFolder(relativePath: folder, call: call, errno: code))
                    }
                case let .notListed(identity, kind):
                    if let identity, !visited.insert(identity).inserted { continue }
                    skipped.append(SkippedEntry(relativePath: folder, kind: kind))
                case let .listed(identity, contents):
                    if let identity, !visited.insert(identity).inserted { continue }
                    files += contents.files
                    skipped += contents.skipped
                    deeper += contents.folders
                    if let failure = contents.readFailure {
                        if folder.isEmpty {
                            throw .system(call: "readdir", path: String(decoding: root, as: UTF8.self), errno: failure)
                        }
                        unreadable.append(UnreadableFolder(relativePath: folder, call: "readdir", errno: failure))
                    }
                    if let progress, files.count / 4096 > reported / 4096 { progress(files.count / 4096 * 4096) }
                    reported = files.count
                }
            }
            deeper.sort { PathBytes.precedes($0, $1) }
            depth = deeper
        }
        files.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        unreadable.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        skipped.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        return DirectoryWalk(files: files, unreadableFolders: unreadable, skipped: skipped)
    }

    /// What listing one folder found.
    private enum FolderListing: Sendable {
        /// It could not be opened (`open`) or listed (`fdopendir`, its identity known then).
        case failed(call: String, errno: Int32, identity: FolderIdentity? = nil)
        /// It is tagged as a cache, or a pseudo file system is mounted there (`kind`): not listed.
        case notListed(FolderIdentity?, SkippedKind)
        /// Its entries (identity nil when its `fstat` failed).
        case listed(FolderIdentity?, FolderContents)
    }

    /// The entries of one folder.
    private struct FolderContents: Sendable {
        var files: [WalkedFile] = []
        var skipped: [SkippedEntry] = []
        /// Its subfolders, relative to the root.
        var folders: [[UInt8]] = []
        /// The errno of a `readdir` that failed part way (the entries before it are kept).
        var readFailure: Int32?
    }

    /// Lists `folders` (one depth), on up to `threads` threads when there are several; the listings
    /// come back in the order of `folders`.
    private static func list(_ folders: [[UInt8]], root: [UInt8], excluding: Set<[UInt8]>,
                             threads: Int) -> [FolderListing] {
        let count = min(max(1, threads), folders.count)
        guard count > 1 else { return folders.map { list($0, root: root, excluding: excluding) } }
        let listings = LockedValue([FolderListing?](repeating: nil, count: folders.count))
        let finished = DispatchSemaphore(value: 0)
        let workers = WorkerThreads()
        let started = workers.start(count, jobs: folders.count) { index in
            let listing = list(folders[index], root: root, excluding: excluding)
            listings.withLock { $0[index] = listing }
            finished.signal()
        }
        guard started else { return folders.map { list($0, root: root, excluding: excluding) } }
        for _ in folders { finished.wait() }
        workers.cancelAndJoin()
        return listings.withLock { $0.map { $0! } }
    }

    /// Lists one folder (relative to `root`; empty for the root itself).
    private static func list(_ folder: [UInt8], root: [UInt8], excluding: Set<[UInt8]>) -> FolderListing {
        let absolute = folder.isEmpty ? root : root + [UInt8(ascii: "/")] + folder
        let descriptor = absolute.withNULTerminated { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        if descriptor < 0 { return .failed(call: "open", errno: errno) }
        var status = stat()
        let identity = fstat(descriptor, &status) == 0
            ? FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) : nil
        // A cache folder (photogrid's thumbnails, or any tool's) is not photos, nor is /proc: skip them.
        if !folder.isEmpty && WalkRules.isTaggedCache(folder: descriptor) {
            close(descriptor)
            return .notListed(identity, .cache)
        }
        if !folder.isEmpty && PseudoFileSystem.name(ofFolder: descriptor) != nil {
            close(descriptor)
            return .notListed(identity, .pseudo)
        }
        // An export's outputs (grid.jpg, layout.json, thumbnails/, its library) are not photos.
        let exportOutputs = ExportMarker.outputs(inFolder: descriptor) ?? []
        guard let directory = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            return .failed(call: "fdopendir", errno: code, identity: identity)
        }
        defer { closedir(directory) }
        let directoryDescriptor = dirfd(directory)
        var contents = FolderContents()

        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { contents.readFailure = errno }
                break
            }
            let name = entryName(entry)
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            let relative = folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
            if exportOutputs.contains(name) || excluding.contains(relative) {
                contents.skipped.append(SkippedEntry(relativePath: relative, kind: .output))
                continue
            }
            if WalkRules.isHidden(name) {
                contents.skipped.append(SkippedEntry(relativePath: relative, kind: .hidden))
                continue
            }

            let type = entry.pointee.d_type
            if type == UInt8(DT_DIR) {
                contents.folders.append(relative)
                continue
            }
            if type == UInt8(DT_LNK) {
                contents.skipped.append(SkippedEntry(relativePath: relative, kind: .symlink))
                continue
            }
            guard type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) else {
                contents.skipped.append(SkippedEntry(relativePath: relative, kind: .other))
                continue
            }
            var fileStatus = stat()
            let statResult = name.withNULTerminated { fstatat(directoryDescriptor, $0, &fileStatus, AT_SYMLINK_NOFOLLOW) }
            guard statResult == 0 else { continue }  // vanished meanwhile
            let format = fileStatus.st_mode & S_IFMT
            if type == UInt8(DT_UNKNOWN) && format == S_IFDIR {
                contents.folders.append(relative)
                continue
            }
            guard format == S_IFREG else {
                contents.skipped.append(SkippedEntry(relativePath: relative, kind: format == S_IFLNK ? .symlink : .other))
                continue
            }
            contents.files.append(WalkedFile(
                relativePath: relative,
                size: Int64(fileStatus.st_size),
                modificationTimeNanoseconds: fileStatus.modificationTimeNanoseconds,
                hasPhotoName: ImageFormat.named(name) != nil))
        }
        return .listed(identity, contents)
    }

    /// The bytes of a directory entry's name (up to its NUL).
    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            return Array(bytes[..<length])
        }
    }
}

/// Identifies a folder on disk, to list each folder once.
private struct FolderIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}
