import PhotoGridSupport
import Platform

/// The thumbnail folder on disk: `CACHEDIR.TAG` (a cache: backup tools and indexers skip it),
/// `.photogrid-library` (the one library whose thumbnails it holds), `.lock` (locked by every writer), and
/// a folder per variant (`grid-387/<content key>.jpg`, `detail-1024/…`).
///
/// A file is named by the photo's content key (its size and a digest of its head and tail), so identical
/// photos share one thumbnail and an edited photo gets a new name. Whether a file is current is the
/// database's business; the cache lays files out, writes them atomically (`AtomicFile`), and removes
/// temporary files and unreferenced thumbnails. Locks are per operation, so processes make thumbnails
/// into one folder at once: every open cache holds a shared `flock` on `.lock` for its life; removals
/// take it exclusively, untried when busy (`withExclusiveAccess`); one file's making holds a byte lock
/// (`withFileLock`). Old photogrid binaries take the `flock` exclusively for their whole run.
public final class ThumbnailCache: Sendable {
    /// The folder, as given (relative paths are relative to the working directory).
    public let root: String
    /// The lock file's descriptor: a shared `flock` for the cache's life.
    private let lockDescriptor: Int32

    /// The Cache Directory Tagging Specification's tag (bford.info/cachedir).
    public static let tagName = "CACHEDIR.TAG"
    static let tagContents = """
        Signature: 8a477f597d28d172789f06886806bc55
        # This file is a cache directory tag created by photogrid (thumbnails).
        # For information about cache directory tags, see: https://bford.info/cachedir/

        """

    /// The owner file: names the library whose thumbnails the folder holds.
    public static let ownerFileName = ".photogrid-library"

    /// The outermost folder this open created (nil when the folder existed): a run that fails
    /// removes it again.
    public let created: CreatedFolder?

    /// Opens the folder `root` (creating it and its parents if needed) for `variants`: checks the folder is
    /// ours, creates the variant folders, tags the root, takes the shared lock (waiting while one holds it
    /// exclusively) and removes temporary files a killed run left (when no other process has it open).
    ///
    /// The folder is ours when it is new or empty, when its owner file names `owner`, or when it
    /// carries photogrid's `CACHEDIR.TAG` and no owner file (made by an older photogrid; `owner`
    /// then claims it). Anything else is refused before a byte is written: a folder of someone
    /// else's files is never tagged as a cache, and a folder of another library is never cleaned.
    ///
    /// - Parameter owner: the library's id, recorded in the owner file; nil records none (tests).
    /// - Throws: `.notACacheFolder`, `.otherLibrarysFolder`, `.system` naming the call that failed
    ///   (mkdir, open, flock).
    public init(root: String, variants: [ThumbnailVariant], owner: String? = nil) throws(ThumbnailError) {
        let root = root.isEmpty ? "." : root
        try Self.checkOwnership(root, owner: owner)
        let created = try CreatedFolder.make(root)
        do throws(ThumbnailError) {
            let lockPath = Self.join(root, ".lock")
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .system(call: "open", path: lockPath, errno: errno) }
            // Alone in the folder (exclusive at once): clean up after killed runs, then share it.
            let alone: Bool
            do throws(ThumbnailError) {
                alone = try Self.lockFile(descriptor, LOCK_EX | LOCK_NB, path: lockPath)
                if !alone { _ = try Self.lockFile(descriptor, LOCK_SH, path: lockPath) }
            } catch {
                close(descriptor)
                throw error
            }
            self.root = root
            self.lockDescriptor = descriptor
            self.created = created
            // Another library may have claimed a new folder meanwhile.
            try Self.checkOwnership(root, owner: owner)
            if let owner, Self.recordedOwner(root) == nil {
                try AtomicFile.write(Array(Self.ownerFileContents(owner).utf8), to: Self.join(root, Self.ownerFileName))
            }
            let tag = Self.join(root, Self.tagName)
            if access(tag, F_OK) != 0 { try AtomicFile.write(Array(Self.tagContents.utf8), to: tag) }
            for variant in variants {
                let folder = Self.join(root, variant.name)
                if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw .system(call: "mkdir", path: folder, errno: errno) }
                // Temporary files are a killed run's only when no other process could be writing them.
                if alone { _ = removeFiles(in: variant) { AtomicFile.isTemporary($0) } }
            }
            if alone { _ = try Self.lockFile(descriptor, LOCK_SH, path: lockPath) }
        } catch {
            created?.remove()
            throw error
        }
    }

    /// The owner file's text for the library `owner`.
    static func ownerFileContents(_ owner: String) -> String {
        "# The thumbnails of one photogrid library; only that library writes or removes files here.\nlibrary \(owner)\n"
    }

    /// The library id the owner file of `root` names, or nil when there is no owner file.
    static func recordedOwner(_ root: String) -> String? {
        guard let bytes = readSmallFile(join(root, ownerFileName)) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where line.hasPrefix("library ") {
            return String(line.dropFirst("library ".count))
        }
        return ""
    }

    /// Throws unless `root` is missing, empty, owned by `owner`, or an unowned photogrid cache.
    ///
    /// - Parameter betweenLooks: called between the listing and the owner file's read (tests: another
    ///   process claiming the folder at that moment).
    static func checkOwnership(_ root: String, owner: String?, betweenLooks: () -> Void = {}) throws(ThumbnailError) {
        var status = stat()
        guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }  // new (or mkdir reports it)
        // The listing first, the owner file after: another process claiming the folder this moment writes
        // its owner file before anything else, so a listing with more than the lock has it to read.
        guard let names = FolderListing.names(root) else { throw .system(call: "opendir", path: root, errno: errno) }
        betweenLooks()
        if let recorded = recordedOwner(root) {
            if let owner, recorded != owner { throw .otherLibrarysFolder(path: root, owner: recorded) }
            return
        }
        // Our lock file alone (a new folder, or a run that stopped before tagging it) is not content,
        // nor our temporary files: another process opening the new folder at the same moment is
        // writing its owner file.
        if names.allSatisfy({ $0 == ".lock" || AtomicFile.isTemporary($0) }) { return }
        // A folder an older photogrid made: its tag, and nothing but what a cache holds (an older
        // photogrid also tagged folders of photos given as --out: those stay refused).
        if let tag = readSmallFile(join(root, tagName)),
           String(decoding: tag, as: UTF8.self).contains("created by photogrid"),
           names.allSatisfy({ $0 == ".lock" || $0 == tagName || ThumbnailVariant(name: $0) != nil || AtomicFile.isTemporary($0) }) {
            return
        }
        throw .notACacheFolder(path: root)
    }

    /// The bytes of a small file (at most 4 KiB read), or nil when it cannot be read.
    static func readSmallFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count < 0 ? nil : Array(buffer.prefix(count))
    }

    deinit {
        close(lockDescriptor)  // releases the lock
    }

    /// `flock(descriptor, operation)`, retried on EINTR; false when a non-blocking lock is held by
    /// another process.
    @discardableResult
    static func lockFile(_ descriptor: Int32, _ operation: Int32, path: String) throws(ThumbnailError) -> Bool {
        while flock(descriptor, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK && operation & LOCK_NB != 0 { return false }
            throw .system(call: "flock", path: path, errno: code)
        }
        return true
    }

    /// Runs `body` while no other process has the folder open, or returns nil without running it
    /// when one has (the exclusive lock is tried, not waited for). Removing unreferenced thumbnails
    /// goes through here: another process's new file is not yet recorded.
    public func withExclusiveAccess<T>(_ body: () -> T) -> T? {
        let lockPath = Self.join(root, ".lock")
        guard (try? Self.lockFile(lockDescriptor, LOCK_EX | LOCK_NB, path: lockPath)) == true else {
            // A failed conversion may have dropped the shared lock: take it again.
            _ = try? Self.lockFile(lockDescriptor, LOCK_SH, path: lockPath)
            return nil
        }
        defer { _ = try? Self.lockFile(lockDescriptor, LOCK_SH, path: lockPath) }
        return body()
    }

    /// `F_OFD_SETLKW` of Linux's `<fcntl.h>` (defined only under `_GNU_SOURCE`, so not imported): a
    /// blocking lock owned by the open file description, not the process.
    static let setOpenFileDescriptionLockWaiting: Int32 = 38

    /// Runs `body` holding the lock of the file `relative` (a write lock on one byte of `.lock`, the
    /// byte chosen by a hash of the name; two names may share a byte, which only makes one wait for
    /// the other's write). Waits while another process or thread holds it.
    public func withFileLock<T>(_ relative: String, _ body: () throws(ThumbnailError) -> T) throws(ThumbnailError) -> T {
        let lockPath = Self.join(root, ".lock")
        let descriptor = open(lockPath, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(call: "open", path: lockPath, errno: errno) }
        defer { close(descriptor) }  // releases the lock
        var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across processes (Swift's Hasher is seeded per process)
        for byte in relative.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        var lock = Glibc.flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = off_t(1 + hash % (1 << 30))
        lock.l_len = 1
        while fcntl(descriptor, Self.setOpenFileDescriptionLockWaiting, &lock) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw .system(call: "fcntl(F_OFD_SETLKW)", path: lockPath, errno: code)
        }
        return try body()
    }

    /// The modification time of the file at `relative`, in nanoseconds since the epoch; nil when
    /// there is none.
    public func modificationTimeNanoseconds(of relative: String) -> Int64? {
        var status = stat()
        guard stat(path(of: relative), &status) == 0 else { return nil }
        return status.modificationTimeNanoseconds
    }

    /// `<variant>/<content key>.jpg`: where the thumbnail of a photo with `contentKey` goes,
    /// relative to the root. A key that is not a plain `<digits>-<hex digits>` key (so could
    /// not safely be a file name) is replaced by `id-<photoID>`.
    public static func relativePath(variant: ThumbnailVariant, contentKey: String?, photoID: Int64) -> String {
        relativePath(folder: variant.name, contentKey: contentKey, photoID: photoID)
    }

    /// `relativePath(variant:…)` under `folder`, a variant's name and anything before it (a URL prefix):
    /// one String made per photo (a server names thirty a request).
    public static func relativePath(folder: String, contentKey: String?, photoID: Int64) -> String {
        let key = contentKey.flatMap { isContentKey($0) ? $0 : nil }
        // Written into the String's own storage: appending four pieces cost a server's layout route
        // a sixth of its document time.
        return String(unsafeUninitializedCapacity: folder.utf8.count + (key?.utf8.count ?? 24) + 5) { buffer in
            var count = 0
            func append(_ text: String) {
                let copied: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: bytes)
                }
                if let copied {
                    count += copied
                } else {
                    for byte in text.utf8 { buffer[count] = byte; count += 1 }
                }
            }
            append(folder)
            if let key {
                append("/")
                append(key)
            } else {
                append("/id-")
                append(String(photoID))
            }
            append(".jpg")
            return count
        }
    }

    /// Whether `key` looks like a content key: digits, "-", lowercase hex digits (and nothing else).
    public static func isContentKey(_ key: String) -> Bool { isContentKey(utf8: key.utf8) }

    /// Whether the UTF-8 `key` looks like a content key (`isContentKey(_:)` for bytes read in place).
    @inlinable
    public static func isContentKey(utf8 key: some Sequence<UInt8>) -> Bool {
        var digits = 0, hexDigits = 0, dashes = 0
        for byte in key {
            switch byte {
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"): if dashes == 0 { digits += 1 } else { hexDigits += 1 }
            case UInt8(ascii: "a")...UInt8(ascii: "f") where dashes == 1: hexDigits += 1
            default: return false
            }
        }
        return dashes == 1 && (1...20).contains(digits) && (1...64).contains(hexDigits)
    }

    /// The path of `relative` (as from `relativePath`) including the root.
    public func path(of relative: String) -> String { Self.join(root, relative) }

    /// The size in bytes of the file at `relative`, or nil when there is none (or it is not a
    /// regular file).
    public func fileSize(of relative: String) -> Int64? {
        Self.fileSize(atPath: path(of: relative))
    }

    /// The size in bytes of the file at `path`, or nil when there is none (or it is not a regular file).
    public static func fileSize(atPath path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int64(status.st_size)
    }

    /// Removes the thumbnails of `variant` whose relative path is not in `referenced` (files of
    /// photos that changed or were made under an older content key) and our temporary files.
    /// Leaves anything that is not named like a thumbnail alone. Returns how many were removed.
    @discardableResult
    public func removeUnreferenced(_ variant: ThumbnailVariant, keeping referenced: Set<String>) -> Int {
        removeFiles(in: variant) { name in
            if AtomicFile.isTemporary(name) { return true }
            guard name.hasSuffix(".jpg") else { return false }
            let stem = String(name.dropLast(4))
            let isOurs = Self.isContentKey(stem) || (stem.hasPrefix("id-") && Int64(stem.dropFirst(3)) != nil)
            return isOurs && !referenced.contains(variant.name + "/" + name)
        }
    }

    /// Removes the thumbnails of every variant folder not in `kept` (sizes no longer used), then
    /// the folder itself when nothing else is left in it. Returns how many files were removed.
    @discardableResult
    public func removeVariants(keeping kept: Set<String>) -> Int {
        let old = (FolderListing.names(root) ?? []).compactMap { name in
            kept.contains(name) ? nil : ThumbnailVariant(name: name)
        }
        var removed = 0
        for variant in old {
            removed += removeUnreferenced(variant, keeping: [])
            rmdir(Self.join(root, variant.name))  // fails, harmlessly, when other files remain
        }
        return removed
    }

    /// Unlinks the regular files of `variant`'s folder whose names satisfy `shouldRemove`.
    private func removeFiles(in variant: ThumbnailVariant, where shouldRemove: (String) -> Bool) -> Int {
        let folder = Self.join(root, variant.name)
        var removed = 0
        for name in FolderListing.names(folder) ?? [] where shouldRemove(name) {
            if unlink(Self.join(folder, name)) == 0 { removed += 1 }
        }
        return removed
    }

    /// `a/b` from `a` and `b` (no doubled slash).
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
