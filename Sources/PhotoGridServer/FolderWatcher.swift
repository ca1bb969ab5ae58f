import PhotoLibrary
import PhotoGridSupport
import Synchronization

import Platform
import Indexing

/// Changes under a photo folder, through Linux's inotify: one watch per folder (new folders are
/// watched as they appear), and a `changes` element once the folder has been quiet for `quietTime`
/// after a burst of changes (a copy of a thousand photos is one change, not a thousand).
/// What the indexer never reads is ignored, so that the library's own writes cannot trigger an index
/// run that writes again: hidden names (temporary files of atomic writes among them), SQLite's files,
/// folders tagged `CACHEDIR.TAG` (thumbnail folders). A full queue (`IN_Q_OVERFLOW`) is a change too:
/// the index run that follows is a full rescan of the folder anyway.
/// The folder itself going away — deleted, renamed, its file system unmounted — is a change (the run
/// that follows says why it failed); the watcher then looks for the folder at its path every half
/// second and, once it is there again (made anew, renamed back, remounted), watches it again and
/// announces a change: the rescan that follows brings the library up to date.
final class FolderWatcher: Sendable {
    /// Why the folder cannot be watched.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        var errno: Int32 = 0
    }

    /// One element per quiet-after-changes.
    let changes: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let descriptor: Int32
    /// A pipe whose write end `stop` writes to: the reading thread waits on events and on it, with no
    /// timeout while the folder is there and quiet (an idle server's watcher does not wake).
    private let wake: (read: Int32, write: Int32)
    private let stopped = Atomic<Bool>(false)
    /// The thread that reads the events (a pool of one), while it runs.
    private let reader = LockedValue<BlockingPool?>(nil)
    /// Watch descriptor → folder path.
    private let folders = LockedValue<[Int32: String]>([:])
    /// The watched folder's path, and its watch while it is there (nil while it is gone).
    private let root: String
    private let rootWatch = LockedValue<Int32?>(nil)
    static let quietTime: Int32 = 250  // milliseconds
    /// How often a folder that went away is looked for again.
    static let lookAgainTime: Int32 = 500  // milliseconds

    static let mask: UInt32 = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `folder`; a folder that is not there (yet) is looked for until it is.
    init(folder: String) throws(Failure) {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw Failure(description: "inotify_init1 failed: \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            let code = errno
            close(descriptor)
            throw Failure(description: "pipe failed: \(String(cString: strerror(code)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
        root = folder
        (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        if let failure = watchTree(folder), !Self.isGone(failure.errno) {
            closeDescriptors()
            throw failure
        }
        let reader = BlockingPool(threads: 1)
        guard reader.submit({ [self] in readLoop() }) else {
            closeDescriptors()
            throw Failure(description: "cannot start the watching thread")
        }
        self.reader.withLock { $0 = reader }
    }

    /// Stops watching and ends `changes`.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        if let running = reader.withLock({ reader -> BlockingPool? in defer { reader = nil }; return reader }) {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            running.shutdownAndWait()
            closeDescriptors()
        }
        continuation.finish()
    }

    private func closeDescriptors() {
        close(descriptor)
        close(wake.read)
        close(wake.write)
    }

    deinit { stop() }

    /// Watches `top` and every folder below it the indexer would walk; the first failure on `top`.
    private func watchTree(_ top: String) -> Failure? {
        var pending = [top]
        var isTop = true
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            if watch < 0 {
                if isTop {
                    let code = errno
                    return Failure(description: "inotify_add_watch(\(folder)) failed: \(String(cString: strerror(code)))", errno: code)
                }
                continue
            }
            if isTop && top == root { rootWatch.withLock { $0 = watch } }
            isTop = false
            folders.withLock { $0[watch] = folder }
            guard let directory = opendir(folder) else { continue }
            defer { closedir(directory) }
            // What the walk skips is not watched: tagged caches and hidden folders (`WalkRules`).
            if folder != top && WalkRules.isTaggedCache(folder: dirfd(directory)) {
                _ = inotify_rm_watch(descriptor, watch)
                continue
            }
            var children: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
                if Int32(entry.pointee.d_type) == Int32(DT_DIR), !WalkRules.isHidden(name) {
                    children.append(folder + "/" + String(decoding: name, as: UTF8.self))
                }
            }
            pending += children
        }
        return nil
    }

    /// Reads events until stopped; yields once the folder has been quiet for `quietTime`; while the
    /// folder is gone, looks for it every `lookAgainTime`; otherwise waits for an event or `stop`,
    /// however long.
    private func readLoop() {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var dirty = false
        while !stopped.load(ordering: .relaxed) {
            let gone = rootWatch.withLock { $0 == nil }
            if gone, watchTree(root) == nil {
                dirty = true  // there again: rescan
            }
            var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&pollers, 2, dirty ? Self.quietTime : gone ? Self.lookAgainTime : -1)
            if pollers[1].revents != 0 { break }  // stop
            if ready == 0 {
                if dirty {
                    dirty = false
                    continuation.yield(())
                }
                continue
            }
            if ready < 0 { if errno == EINTR { continue } else { break } }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            if handle(buffer, count: count) { dirty = true }
        }
    }

    /// Goes through `count` bytes of events; whether any of them is a change the indexer would see.
    private func handle(_ buffer: [UInt8], count: Int) -> Bool {
        var changed = false
        var offset = 0
        let headerSize = MemoryLayout<inotify_event>.size
        while offset + headerSize <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += headerSize + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; continue }
            let lost = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)
            if mask & lost != 0, mask & UInt32(IN_UNMOUNT) != 0 || rootWatch.withLock({ $0 == watch }) {
                forgetTree()
                changed = true
                continue
            }
            if WalkRules.isHidden(name.utf8) || LibraryLocation.isSQLiteFileName(name) { continue }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0,
               let parent = folders.withLock({ $0[watch] }) {
                _ = watchTree(parent + "/" + name)
            }
            changed = true
        }
        return changed
    }

    /// The folder went away (deleted, renamed, unmounted): every watch is dropped (a renamed folder's
    /// watches would follow it), and the folder is looked for at its path again.
    private func forgetTree() {
        let watches = folders.withLock { folders in defer { folders.removeAll() }; return Array(folders.keys) }
        for watch in watches { _ = inotify_rm_watch(descriptor, watch) }
        rootWatch.withLock { $0 = nil }
    }

    /// Whether a failed watch means the folder is not there (now): it may come (back).
    static func isGone(_ code: Int32) -> Bool { code == ENOENT || code == ENOTDIR }

}
