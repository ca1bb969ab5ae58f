#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thumbnail folder on disk:
///
/// ```
/// <root>/CACHEDIR.TAG                  marks the folder as a cache (backup tools and indexers skip it)
/// <root>/.photogrid-library            names the one library whose thumbnails the folder holds
/// <root>/.lock                         held (flock) by the process writing into the folder
/// <root>/grid-387/<content key>.jpg    a variant's thumbnails, one per distinct photo content
/// <root>/detail-1024/<content key>.jpg
/// ```
///
/// A file is named by the photo's content key (file size and a digest of its first bytes), so
/// identical photos share one thumbnail and an edited photo gets a new name. Whether a file is
/// current is the database's business (it records, per photo and variant, the file, its byte size
/// and the source's size and mtime); the cache only lays files out, writes them atomically
/// (`AtomicFile`), and removes temporary files and thumbnails no record refers to.
///
/// Opening a cache takes an exclusive lock on `.lock`: a second process writing into the same
/// folder waits for the first to finish. That makes it safe to delete temporary files left by a
/// killed run: nobody else can be writing them.
public final class ThumbnailCache: Sendable {
    /// The folder, as given (relative paths are relative to the working directory).
    public let root: String
    /// The lock file's descriptor, held for the cache's life.
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

    /// Opens the folder `root` (creating it and its parents if needed) for `variants`: checks the
    /// folder is ours, creates the variant folders, tags the root, takes the lock (waiting for
    /// another process that holds it) and removes temporary files a killed run left in the variant
    /// folders.
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
            while flock(descriptor, LOCK_EX) != 0 {
                let code = errno
                if code == EINTR { continue }
                close(descriptor)
                throw .system(call: "flock", path: lockPath, errno: code)
            }
            self.root = root
            self.lockDescriptor = descriptor
            self.created = created
            // Under the lock: another library may have claimed a new folder meanwhile.
            try Self.checkOwnership(root, owner: owner)
            if let owner, Self.recordedOwner(root) == nil {
                try AtomicFile.write(Array(Self.ownerFileContents(owner).utf8), to: Self.join(root, Self.ownerFileName))
            }
            let tag = Self.join(root, Self.tagName)
            if access(tag, F_OK) != 0 { try AtomicFile.write(Array(Self.tagContents.utf8), to: tag) }
            for variant in variants {
                let folder = Self.join(root, variant.name)
                if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw .system(call: "mkdir", path: folder, errno: errno) }
                _ = removeFiles(in: variant) { AtomicFile.isTemporary($0) }
            }
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
    static func checkOwnership(_ root: String, owner: String?) throws(ThumbnailError) {
        var status = stat()
        guard stat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }  // new (or mkdir reports it)
        if let recorded = recordedOwner(root) {
            if let owner, recorded != owner { throw .otherLibrarysFolder(path: root, owner: recorded) }
            return
        }
        guard let names = FolderListing.names(root) else { throw .system(call: "opendir", path: root, errno: errno) }
        // Our lock file alone (a new folder, or a run that stopped before tagging it) is not content.
        if names.allSatisfy({ $0 == ".lock" }) { return }
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

    /// `<variant>/<content key>.jpg`: where the thumbnail of a photo with `contentKey` goes,
    /// relative to the root. A key that is not a plain `<digits>-<hex digits>` key (so could
    /// not safely be a file name) is replaced by `id-<photoID>`.
    public static func relativePath(variant: ThumbnailVariant, contentKey: String?, photoID: Int64) -> String {
        let stem = contentKey.flatMap { isContentKey($0) ? $0 : nil } ?? "id-\(photoID)"
        return variant.name + "/" + stem + ".jpg"
    }

    /// Whether `key` looks like a content key: digits, "-", lowercase hex digits (and nothing else).
    static func isContentKey(_ key: String) -> Bool {
        let parts = key.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0].count <= 20, parts[1].count <= 64 else {
            return false
        }
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9"), hex = UInt8(ascii: "a")...UInt8(ascii: "f")
        return parts[0].allSatisfy(digits.contains) && parts[1].allSatisfy { digits.contains($0) || hex.contains($0) }
    }

    /// The path of `relative` (as from `relativePath`) including the root.
    public func path(of relative: String) -> String { Self.join(root, relative) }

    /// The size in bytes of the file at `relative`, or nil when there is none (or it is not a
    /// regular file).
    public func fileSize(of relative: String) -> Int64? {
        var status = stat()
        guard stat(path(of: relative), &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
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
