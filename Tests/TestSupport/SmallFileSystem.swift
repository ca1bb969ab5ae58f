import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A small tmpfs mounted for one test: a file system it can fill, to see what a command does on a full
/// disk. Needs root (`mount -t tmpfs`); `make` is nil where mounting is not permitted. `unmount()` when
/// done (a mount that will not go is detached, `umount -l`).
public final class SmallFileSystem: Sendable {
    /// Where it is mounted (an empty folder at first).
    public let path: String

    private init(path: String) { self.path = path }

    /// Mounts a tmpfs of `bytes` at a new temporary folder; nil when that is not permitted here.
    public static func make(bytes: Int) throws -> SmallFileSystem? {
        let folder = try PhotoGridBinary.temporaryDirectory("photogrid-small-fs").path
        guard getuid() == 0,
              try CleanSpawn.run(["/usr/bin/mount", "-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder]) == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            return nil
        }
        return SmallFileSystem(path: folder)
    }

    /// The bytes free, as statvfs(2) says (what `df` shows).
    public var freeBytes: Int {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return -1 }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Unmounts it and removes its folder.
    public func unmount() {
        if (try? CleanSpawn.run(["/usr/bin/umount", path])) != 0 {
            _ = try? CleanSpawn.run(["/usr/bin/umount", "-l", path])
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
