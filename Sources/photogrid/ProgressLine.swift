import PhotoGrid

/// The text of a progress line: `  412/1,000 [=========>              ]  41%  2,345 files/s  ETA 0:03`
/// (what the command line's bar shows; pure text, no terminal).
enum ProgressLine {
    /// The line for `done` of `total` at `rate` items per second (no rate or ETA when 0).
    static func render(done: Int, total: Int, rate: Double, barWidth: Int = 24) -> String {
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        var bar = String(repeating: "=", count: filled)
        if filled < barWidth { bar += ">" + String(repeating: " ", count: barWidth - filled - 1) }
        var line = "\(CountText.grouped(done))/\(CountText.grouped(total)) [\(bar)] \(Int(fraction * 100))%"
        if rate > 0 {
            line += "  \(CountText.grouped(Int(rate.rounded()))) files/s"
            let left = Int((Double(total - done) / rate).rounded(.up))
            line += "  ETA \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)"
        }
        return line
    }
}
