import AtomScopeKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on stderr that says how far a long piece of work has got (opening a large
/// journal) or how long it has taken (laying out a large graph), shown only when stderr is a terminal and the work has taken more than a second,
/// and erased when it ends: quick commands and piped output never see it.
final class ProgressLine {
    private let what: String
    private let start = ContinuousClock.now
    private let delay: Duration
    /// The percent or the seconds last shown; `nil` while nothing is.
    private var shownPercent: Int?

    /// `nil` when stderr is not a terminal. `ATOMSCOPE_PROGRESS_AFTER` (seconds) replaces the
    /// one-second delay, so that tests can see the line without waiting.
    static func onTerminal(_ what: String) -> ProgressLine? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let seconds = ProcessInfo.processInfo.environment["ATOMSCOPE_PROGRESS_AFTER"].flatMap(Double.init) ?? 1
        return ProgressLine(what, delay: .seconds(max(0, min(seconds, 3600))))
    }

    private init(_ what: String, delay: Duration) {
        // One physical line, or `\r` cannot take it back: no line breaks or tabs, and no
        // wider than the terminal (a journal deep in a simulator's folders easily is).
        let flat = TerminalText.escaped(what, allowingStyle: false)
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
        let room = max(Self.terminalColumns() - " 100%".count - 2, 8)
        self.what = flat.count <= room ? flat : "…" + flat.suffix(room - 1)
        self.delay = delay
    }

    /// The terminal's width, or 80 when it does not say.
    private static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Shows `fraction` (0 to 1) once the delay has passed, when the whole percent changed.
    func update(_ fraction: Double) {
        guard ContinuousClock.now - start >= delay else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard percent != shownPercent else { return }
        shownPercent = percent
        write("\r\u{1B}[K\(what): \(percent)%")
    }

    /// Shows how long the work has taken, for work that cannot say how far it has got (a
    /// layout in the worker), once the delay has passed, when the whole second changed.
    func tick() {
        let elapsed = ContinuousClock.now - start
        guard elapsed >= delay else { return }
        let seconds = Int(elapsed.components.seconds)
        guard seconds != shownPercent else { return }
        shownPercent = seconds
        write("\r\u{1B}[K\(what): \(seconds) s")
    }

    /// Erases the line, if it was ever shown.
    func finish() {
        guard shownPercent != nil else { return }
        write("\r\u{1B}[K")
        shownPercent = nil
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
