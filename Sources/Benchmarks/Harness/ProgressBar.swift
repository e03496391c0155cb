#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on standard error, shown only when standard error is a terminal:
/// piped or redirected, it writes nothing, so that a log holds the results and no escape codes.
struct ProgressBar {
    /// Whether anything is drawn: standard error is a terminal.
    let isEnabled: Bool
    /// The steps of the whole run (one per warm-up or timed run of a benchmark).
    let total: Int
    /// The steps done so far.
    private(set) var done = 0
    /// Cells of the bar itself, between the brackets.
    private let width = 20

    /// A bar for `total` steps, drawn when standard error is a terminal.
    init(total: Int, isEnabled: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = Swift.max(total, 1)
        self.isEnabled = isEnabled
    }

    /// Redraws the bar for the step about to run: `workload` through `tier`, in `phase` (e.g.
    /// `rep 3/7` or `warm-up`), then counts that step as done.
    mutating func step(workload: String, tier: String, phase: String) {
        defer { done += 1 }
        guard isEnabled else { return }
        let filled = Swift.min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        var line = "[\(bar)] \(workload)  \(tier)  \(phase)"
        // A line longer than the terminal wraps, and the carriage return would then rewrite
        // only its last part.
        if let columns = terminalColumns(), line.count >= columns { line = String(line.prefix(columns - 1)) }
        writeOut("\r\u{1B}[K" + line, to: STDERR_FILENO)
    }

    /// The width of the terminal on standard error, or nil when it does not say.
    private func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 1 else { return nil }
        return Int(size.ws_col)
    }

    /// Erases the bar, leaving the cursor at the start of an empty line.
    func clear() {
        guard isEnabled else { return }
        writeOut("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
