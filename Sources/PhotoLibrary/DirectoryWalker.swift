import PhotoGridSupport
import ImageFormats
import Platform

/// A regular file found by the walk, with what one `lstat` tells.
struct WalkedFile: Sendable, Equatable {
    /// Path relative to the walk's root, as raw bytes ("a/b.jpg").
    var relativePath: [UInt8]
    var size: Int64
    /// Modification time, nanoseconds since the Unix epoch.
    var modificationTimeNanoseconds: Int64
    /// Whether the name ends in a photo format's extension (`.jpg`, `.png`, `.webp`, `.heic`, …, any
    /// case: `ImageFormat.named`): a candidate without opening it.
    var hasPhotoName: Bool
}

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

/// Lists every regular file under a folder with opendir/readdir/fstatat (no Foundation): one
/// `fstatat` per file, none per folder beyond an `fstat` of its open descriptor.
///
/// Rules: names starting with "." (hidden files and folders) are skipped, and so are
/// folders tagged as caches (a `CACHEDIR.TAG` file with the Cache Directory Tagging signature, as
/// `photogrid thumbs` writes in its thumbnail folder, bford.info/cachedir) and the outputs an
/// export named in its folder's `ExportMarker`; symbolic
/// links are never followed, neither to files nor to folders, so the walk cannot leave the root or
/// loop through links (a target inside the root is found at its real path anyway); a folder seen
/// twice (same device and inode, e.g. a bind mount) is listed once, so the walk always ends.
/// Sockets, FIFOs and devices are skipped as `other`. Each skipped entry is recorded with its
/// `SkippedKind`, so that every entry is accounted for. Entries that vanish during the walk are
/// left out.
enum DirectoryWalker {
    /// Walks `root` (an absolute path, symlinks already resolved).
    ///
    /// - Parameters:
    ///   - excluding: relative paths to leave out as `output` (the database's own files when it lives
    ///     inside the root).
    ///   - progress: called with the number of files found so far, every 4,096 files.
    /// - Throws: `.system` when the root itself cannot be opened or listed, `.notADirectory`.
    static func walk(root: [UInt8], excluding: Set<[UInt8]> = [],
                     progress: ((Int) -> Void)? = nil) throws(LibraryError) -> DirectoryWalk {
        var files: [WalkedFile] = []
        var unreadable: [UnreadableFolder] = []
        var skipped: [SkippedEntry] = []
        var visited = Set<FolderIdentity>()
        var pending: [[UInt8]] = [[]]

        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root : root + [UInt8(ascii: "/")] + folder
            let descriptor = absolute.withNULTerminated { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if descriptor < 0 {
                let code = errno
                if folder.isEmpty {
                    if code == ENOTDIR { throw .notADirectory(path: String(decoding: root, as: UTF8.self)) }
                    throw .system(call: "open", path: String(decoding: root, as: UTF8.self), errno: code)
                }
                // Vanished since its parent was listed, or replaced by a symlink: nothing to list.
                if code != ENOENT && code != ELOOP && code != ENOTDIR {
                    unreadable.append(UnreadableFolder(relativePath: folder, call: "open", errno: code))
                }
                continue
            }
            var status = stat()
            if fstat(descriptor, &status) == 0 {
                let identity = FolderIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
                if !visited.insert(identity).inserted {
                    close(descriptor)
                    continue
                }
            }
            // A cache folder (photogrid's thumbnails, or any tool's) is not photos: skip it.
            if !folder.isEmpty && WalkRules.isTaggedCache(folder: descriptor) {
                close(descriptor)
                skipped.append(SkippedEntry(relativePath: folder, kind: .cache))
                continue
            }
            // An export's outputs (grid.jpg, layout.json, thumbnails/, its library) are not photos.
            let exportOutputs = ExportMarker.outputs(inFolder: descriptor) ?? []
            guard let directory = fdopendir(descriptor) else {
                let code = errno
                close(descriptor)
                if folder.isEmpty {
                    throw .system(call: "fdopendir", path: String(decoding: root, as: UTF8.self), errno: code)
                }
                unreadable.append(UnreadableFolder(relativePath: folder, call: "fdopendir", errno: code))
                continue
            }
            defer { closedir(directory) }
            let directoryDescriptor = dirfd(directory)

            while true {
                errno = 0
                guard let entry = readdir(directory) else {
                    if errno != 0 {
                        let code = errno
                        if folder.isEmpty {
                            throw .system(call: "readdir", path: String(decoding: root, as: UTF8.self), errno: code)
                        }
                        unreadable.append(UnreadableFolder(relativePath: folder, call: "readdir", errno: code))
                    }
                    break
                }
                let name = entryName(entry)
                if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                let relative = folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
                if exportOutputs.contains(name) || excluding.contains(relative) {
                    skipped.append(SkippedEntry(relativePath: relative, kind: .output))
                    continue
                }
                if WalkRules.isHidden(name) {
                    skipped.append(SkippedEntry(relativePath: relative, kind: .hidden))
                    continue
                }

                let type = entry.pointee.d_type
                if type == UInt8(DT_DIR) {
                    pending.append(relative)
                    continue
                }
                if type == UInt8(DT_LNK) {
                    skipped.append(SkippedEntry(relativePath: relative, kind: .symlink))
                    continue
                }
                guard type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) else {
                    skipped.append(SkippedEntry(relativePath: relative, kind: .other))
                    continue
                }
                var fileStatus = stat()
                let statResult = name.withNULTerminated { fstatat(directoryDescriptor, $0, &fileStatus, AT_SYMLINK_NOFOLLOW) }
                guard statResult == 0 else { continue }  // vanished meanwhile
                let format = fileStatus.st_mode & S_IFMT
                if type == UInt8(DT_UNKNOWN) && format == S_IFDIR {
                    pending.append(relative)
                    continue
                }
                guard format == S_IFREG else {
                    skipped.append(SkippedEntry(relativePath: relative, kind: format == S_IFLNK ? .symlink : .other))
                    continue
                }
                files.append(WalkedFile(
                    relativePath: relative,
                    size: Int64(fileStatus.st_size),
                    modificationTimeNanoseconds: fileStatus.modificationTimeNanoseconds,
                    hasPhotoName: ImageFormat.named(name) != nil))
                if let progress, files.count & 4095 == 0 { progress(files.count) }
            }
        }
        files.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        unreadable.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        skipped.sort { PathBytes.precedes($0.relativePath, $1.relativePath) }
        return DirectoryWalk(files: files, unreadableFolders: unreadable, skipped: skipped)
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
private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
}

/// Helpers for paths held as raw bytes.
enum PathBytes {
    /// Byte-wise lexicographic order (what SQLite's BLOB comparison does, memcmp then length).
    static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        let common = min(a.count, b.count)
        let order = a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb -> Int32 in
                guard common > 0, let left = pa.baseAddress, let right = pb.baseAddress else { return 0 }
                return memcmp(left, right, common)
            }
        }
        return order != 0 ? order < 0 : a.count < b.count
    }

    /// Display text for a path: UTF-8, each invalid byte shown as U+FFFD.
    static func displayText(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
