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
