#if canImport(Glibc)
import Glibc
#endif

/// An unlinked temporary file that each fuzz input is written to, so the descriptor entry points
/// (`probe(fileDescriptor:)`, `decode(fileDescriptor:)`) run on the same bytes as the memory ones.
///
/// One per process (libFuzzer runs inputs one at a time); created on first use.
public struct ScratchFile: Sendable {
    /// The read-write descriptor of the unlinked file.
    public let descriptor: Int32

    /// The process's scratch file.
    public static let shared = ScratchFile()

    private init() {
        var template = Array("/tmp/photogrid-fuzz-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { FuzzCheck.fail("mkstemp failed: errno \(errno)") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    /// Replaces the file's contents with `bytes`.
    public func write(_ bytes: [UInt8]) {
        guard ftruncate(descriptor, 0) == 0 else { FuzzCheck.fail("ftruncate failed: errno \(errno)") }
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress! + done, bytes.count - done, off_t(done)) }
            guard count > 0 else { FuzzCheck.fail("pwrite failed: errno \(errno)") }
            done += count
        }
    }
}
