import PhotoGrid
import PhotoGridSupport
import PhotoLibrary
import Synchronization
import Indexing

/// The progress bar of `photogrid index` on standard error: files done / total, a bar, the rate
/// and the time left. Redrawn at most ten times a second; erased when the run ends.
final class TerminalProgressBar: ProgressReporting {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var indexingStarted: ContinuousClock.Instant?
        var doneAtStart = 0
        var drawn = false
    }

    private let state = Mutex(State())
    private let clock = ContinuousClock()
    /// Columns of the bar itself.
    private let barWidth = 24

    /// A bar when standard error is a terminal, nil otherwise (then nothing is written to stderr).
    static func ifStandardErrorIsTerminal() -> TerminalProgressBar? {
        Console.standardErrorIsTerminal ? TerminalProgressBar() : nil
    }

    init() {}

    /// Redraws the bar for `progress` (skipped if the last redraw was under 100 ms ago, except at 100 %).
    func update(_ progress: IndexProgress) {
        let now = clock.now
        let line: String? = state.withLock { state in
            let finished = progress.phase == .indexing && progress.done >= progress.total
            if let last = state.lastDraw, now - last < .milliseconds(100), !finished { return nil }
            state.lastDraw = now
            state.drawn = true
            switch progress.phase {
            case .walking:
                return "Scanning… \(CountText.grouped(progress.done)) files found"
            case .indexing:
                if state.indexingStarted == nil {
                    state.indexingStarted = now
                    state.doneAtStart = progress.done
                }
                let elapsed = state.indexingStarted.map { (now - $0).inSeconds } ?? 0
                let rate = elapsed > 0 ? Double(progress.done - state.doneAtStart) / elapsed : 0
                return render(done: progress.done, total: progress.total, rate: rate)
            }
        }
        if let line { Console.writeError("\r\u{1B}[K" + line) }
    }

    /// Erases the bar.
    func finish() {
        let drawn = state.withLock { $0.drawn }
        if drawn { Console.writeError("\r\u{1B}[K") }
    }

    func render(done: Int, total: Int, rate: Double) -> String {
        ProgressLine.render(done: done, total: total, rate: rate, barWidth: barWidth)
    }
}
