import Platform

/// A file opened read-only with open(2) (close-on-exec), closed when the value goes away. One owner.
/// The format modules (PNG, WebP) read through it and turn a `SystemCallFailure` into their own error.
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

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset` with pread(2): fewer only at the end of the file. Retries EINTR.
    public func read(_ count: Int, at offset: Int) throws(SystemCallFailure) -> [UInt8] {
        try Self.fill(count, call: "pread") { [descriptor] buffer, done in pread(descriptor, buffer, count - done, off_t(offset + done)) }
    }

    /// Up to `count` bytes from the current position with read(2), for what cannot seek (a pipe, a
    /// process substitution): fewer only at the end of the input. Retries EINTR.
    public func readPrefix(_ count: Int) throws(SystemCallFailure) -> [UInt8] {
        try Self.fill(count, call: "read") { [descriptor] buffer, done in systemRead(descriptor, buffer, count - done) }
    }

    /// `count` bytes or up to the end, from calls of `next(buffer at done, done)` (a count, 0 at the end, −1 with errno).
    private static func fill(_ count: Int, call: String,
                             _ next: (UnsafeMutableRawPointer, Int) -> Int) throws(SystemCallFailure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { next($0.baseAddress! + done, done) }
            if got > 0 {
                done += got
            } else if got == 0 {
                break
            } else if errno != EINTR {
                throw SystemCallFailure(call: call, errno: errno)
            }
        }
        bytes.removeSubrange(done...)
        return bytes
    }

    /// The whole file, its size taken from fstat(2).
    public func readAll() throws(SystemCallFailure) -> [UInt8] {
        try read(size(), at: 0)
    }

    /// The file's size in bytes now (fstat(2)).
    public func size() throws(SystemCallFailure) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw SystemCallFailure(call: "fstat", errno: errno) }
        return Int(status.st_size)
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
