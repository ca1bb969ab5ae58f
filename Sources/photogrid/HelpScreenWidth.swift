import Platform

/// The screen width swift-argument-parser renders help for: `COLUMNS` when it is a number, else the
/// terminal's width on standard output, else 80 (its `Platform.terminalWidth`, restated here so that
/// `--help` can tell whether the stored rendering applies without asking the parser).
enum HelpScreenWidth {
    static var current: Int {
        if let text = getenv("COLUMNS"), let columns = Int(String(cString: text)) { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
