public import Platform

/// A file opened read-only with open(2) (close-on-exec), closed when the value goes away. One owner.
/// The one file reader of the package: the format modules (JPEG, PNG, WebP, HEIF, Video) and the
/// thumbnail pipeline read through it and turn a `SystemCallFailure` into their own error.
public struct ReadOnlyFile: ~Copyable {
    /// The descriptor, owned by this value.
    public let descriptor: Int32
    /// The path, for error messages.
    public let path: String

    /// Opens `path` read-only.
    public init(path: String) throws(SystemCallFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SystemCallFailure(call: "open", errno: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    /// Opens the file whose path is the raw bytes `pathBytes` (any bytes but NUL) read-only; `path` names it in
    /// messages. `nonBlocking` (`O_NONBLOCK`): a FIFO in a photo's place does not block the open.
    /// `noFollow` (`O_NOFOLLOW`): a symbolic link at the last component is refused (`ELOOP`).
    public init(pathBytes: [UInt8], path: String, nonBlocking: Bool = false, noFollow: Bool = false) throws(SystemCallFailure) {
        let flags = O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0) | (noFollow ? O_NOFOLLOW : 0)
        let descriptor = pathBytes.withNULTerminated { open($0, flags) }
        guard descriptor >= 0 else { throw SystemCallFailure(call: "open", errno: errno) }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Whether the file open as `descriptor` lies inside `folder` (absolute, ending in `/`) once every
    /// link on its way is resolved (the kernel's own path of it, `/proc/self/fd`): a folder swapped for a
    /// link reaches nothing outside.
    public static func isInside(_ folder: [UInt8], descriptor: Int32) -> Bool {
        var target = [UInt8](repeating: 0, count: 4096)
        let count = Array("/proc/self/fd/\(descriptor)".utf8).withNULTerminated { link in
            target.withUnsafeMutableBufferPointer { readlink(link, UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 4096) }
        }
        guard count > 0, count < 4096 else { return false }
        return target[..<count].starts(with: folder)
    }

    /// Up to `count` bytes at `offset` with pread(2): fewer only at the end of the file. Retries EINTR.
    public func read(_ count: Int, at offset: Int) throws(SystemCallFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let done = try bytes.withUnsafeMutableBytes { [descriptor] buffer in
            Result { () throws(SystemCallFailure) -> Int in try Self.read(descriptor, into: buffer, at: offset) }
        }.get()
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Fills `buffer` from `offset` with pread(2) until it is full or the file ends; returns the number of
    /// bytes read. Retries EINTR.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallFailure) -> Int {
        try Self.read(descriptor, into: buffer, at: offset)
    }

    /// `read(into:at:)` on a descriptor this value does not own (a caller's: it stays open).
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(SystemCallFailure) -> Int {
        try fill(buffer, call: "pread") { start, count, done in pread(descriptor, start, count, off_t(offset + done)) }
    }

    /// Up to `count` bytes from the current position with read(2), for what cannot seek (a pipe, a
    /// process substitution): fewer only at the end of the input. Retries EINTR.
    public func readPrefix(_ count: Int) throws(SystemCallFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let done = try bytes.withUnsafeMutableBytes { [descriptor] buffer in
            Result { () throws(SystemCallFailure) -> Int in
                try Self.fill(buffer, call: "read") { start, count, _ in systemRead(descriptor, start, count) }
            }
        }.get()
        bytes.removeSubrange(done...)
        return bytes
    }

    /// Fills `buffer` from calls of `next(start, count, done)` (bytes read into `start`, at most
    /// `count`; 0 at the end; −1 with errno) until it is full or the input ends; returns how many bytes.
    private static func fill(_ buffer: UnsafeMutableRawBufferPointer, call: String,
                             _ next: (UnsafeMutableRawPointer, Int, Int) -> Int) throws(SystemCallFailure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let got = next(base + done, buffer.count - done, done)
            if got > 0 {
                done += got
            } else if got == 0 {
                break
            } else if errno != EINTR {
                throw SystemCallFailure(call: call, errno: errno)
            }
        }
        return done
    }

    /// The whole file, its size taken from fstat(2).
    public func readAll() throws(SystemCallFailure) -> [UInt8] {
        try read(size(), at: 0)
    }

    /// The file's size in bytes now (fstat(2)).
    public func size() throws(SystemCallFailure) -> Int {
        Int(try status().st_size)
    }

    /// What fstat(2) says of the file now.
    public func status() throws(SystemCallFailure) -> stat {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SystemCallFailure(call: "fstat", errno: errno) }
        return status
    }

    /// Whether the group or others may read or write the file (its mode has any of 0o077): a secret kept
    /// in it is not the owner's alone.
    public func isSharedWithOthers() throws(SystemCallFailure) -> Bool {
        try status().st_mode & 0o077 != 0
    }
}

/// A system call that failed: its name and errno.
public struct SystemCallFailure: Error, Sendable, Equatable {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }
}

/// read(2), by a name the type's own `read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
