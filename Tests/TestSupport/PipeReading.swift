import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a pipe to its end, as `FileHandle.readDataToEndOfFile()` does but trying again when a signal
/// interrupts a read: Foundation's `try!` turns an EINTR into a crash of the whole test process.
public enum PipeReading {
    /// Everything `handle` yields until its end of file (what was read before a read error other than EINTR).
    public static func readToEnd(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[0 ..< count]) } else if count < 0, errno == EINTR { continue } else { return data }
        }
    }
}

/// A pipe whose ends close on exec (`pipe2` with `O_CLOEXEC`). Foundation's `Pipe` leaves its ends open
/// across exec, so a child another test spawns at that moment can inherit a write end and hold a
/// reader here waiting for an end of file as long as it lives (a server, PostgreSQL's postmaster). The
/// child this pipe is given to gets its end by `dup2`, which clears the flag.
public struct ExecClosedPipe: Sendable {
    public let reading: FileHandle
    public let writing: FileHandle

    public init() throws {
        var ends: [Int32] = [-1, -1]
        guard makePipe(&ends, O_CLOEXEC) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}

/// glibc's `pipe2`, which its Swift module map leaves out (it needs `_GNU_SOURCE`).
@_silgen_name("pipe2")
private func makePipe(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
