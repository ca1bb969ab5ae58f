import Platform

/// SIGTERM and SIGINT stop every command, also while it waits (for another process's thumbnail claims,
/// a locked database): a process inherits its parent's blocked and ignored signals — a test runner or a
/// supervisor may block them, a shell's background job ignores SIGINT — so before a command runs both
/// are unblocked and given their default action, which ends the process at once (a shell shows exit
/// status 128 + the signal: 143, 130). What a run leaves is safe to stop anywhere: committed batches stay,
/// files are written atomically, and a stopped run's claims are dropped by the next run on this machine.
/// `worker` and `serve` then trap them (`UnixSignalsSequence`), to finish what is in hand.
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
}
