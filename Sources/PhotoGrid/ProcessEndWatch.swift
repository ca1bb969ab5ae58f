import CProcessShims
import Dispatch
import Platform
import PhotoGridSupport

/// The end of a process of this machine, told once to `onEnd` the moment it exits (Linux's pidfd, which
/// becomes readable then, watched by Dispatch: no thread and no timer of its own). A process that has
/// exited counts as ended although its parent has not reaped it yet (`kill(pid, 0)` still finds it).
final class ProcessEndWatch {
    private let source: any DispatchSourceRead
    private let ended = LockedValue(false)

    /// Watches process `pid`; nil when it cannot be watched (it has ended and been reaped: ESRCH; a kernel
    /// without pidfd: ENOSYS; no descriptor left).
    init?(pid: pid_t, onEnd: @escaping @Sendable () -> Void) {
        let descriptor = pg_pidfd_open(pid)
        guard descriptor >= 0 else { return nil }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
        source.setEventHandler { [ended, source] in
            source.cancel()   // readable for good once it ended: told once
            ended.withLock { $0 = true }
            onEnd()
        }
        source.setCancelHandler { _ = close(descriptor) }
        source.activate()
    }

    deinit { source.cancel() }

    /// Whether the process has exited.
    var hasEnded: Bool { ended.withLock { $0 } }

    /// The queue every watch's end is told on.
    private static let queue = DispatchQueue(label: "photogrid.process-end")
}
