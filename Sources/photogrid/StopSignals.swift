import Platform
import PhotoGridSupport

/// SIGTERM and SIGINT stop every command, also while it waits (for another process's thumbnail claims,
/// a locked database): a process inherits its parent's blocked and ignored signals — a test runner or a
/// supervisor may block them, a shell's background job ignores SIGINT — so before a command runs both
/// are unblocked and given their default action, which ends the process at once (a shell shows exit
/// status 128 + the signal: 143, 130). What a run leaves is safe to stop anywhere: committed batches stay,
/// files are written atomically, and a stopped run's claims are dropped by the next run on this machine.
/// `worker` and `serve` then install handlers of their own, to finish what is in hand.
enum StopSignals {
    /// Unblocks SIGTERM and SIGINT and gives both their default action.
    static func restoreDefaults() {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        for number in [SIGTERM, SIGINT] {
            sigaddset(&stopping, number)
            signal(number, SIG_DFL)
        }
        pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
    }

    /// Blocks SIGTERM and SIGINT in this thread and in every thread it starts from now on (call it before
    /// any), and starts a thread that waits for them (`sigwait`) and calls `body` on each: a stop that can
    /// take locks and wake waiters, which a signal handler must not.
    static func watch(_ body: @escaping @Sendable () -> Void) {
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGTERM)
        sigaddset(&stopping, SIGINT)
        pthread_sigmask(SIG_BLOCK, &stopping, nil)
        let watching = PoolThread.start {
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGTERM)
            sigaddset(&signals, SIGINT)
            var number: Int32 = 0
            while true {
                if sigwait(&signals, &number) == 0 { body() }
            }
        }
        if !watching {  // no thread to be had: the signals end the process as before
            pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
        }
    }
}
