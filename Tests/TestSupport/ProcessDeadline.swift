import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Every process a test starts has a time limit: past it the process is killed (SIGKILL), so a test
/// whose command hangs — a wait that never ends — fails with status 137 instead of holding the suite
/// forever. 15 minutes, or `PHOTOGRID_TEST_PROCESS_SECONDS`.
public enum ProcessDeadline {
    public static let seconds: Double = ProcessInfo.processInfo.environment["PHOTOGRID_TEST_PROCESS_SECONDS"].flatMap(Double.init) ?? 900

    /// Kills `process` if it still runs `seconds` after this call.
    public static func watch(_ process: Process, seconds: Double = ProcessDeadline.seconds) {
        let pid = process.processIdentifier
        let watched = process
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
            if watched.isRunning, watched.processIdentifier == pid {
                FileHandle.standardError.write(Data("test process \(pid) (\(watched.arguments?.first ?? "")) ran past \(Int(seconds)) s: killed\n".utf8))
                kill(pid, SIGKILL)
            }
        }
    }
}
