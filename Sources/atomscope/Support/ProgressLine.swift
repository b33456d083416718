import AtomScopeKit
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line on stderr that says how far a long piece of work has got (opening a large
/// journal), shown only when stderr is a terminal and the work has taken more than a second,
/// and erased when it ends: quick commands and piped output never see it.
final class ProgressLine {
    private let what: String
    private let start = ContinuousClock.now
    private let delay: Duration
    private var shownPercent: Int?

    /// `nil` when stderr is not a terminal. `ATOMSCOPE_PROGRESS_AFTER` (seconds) replaces the
    /// one-second delay, so that tests can see the line without waiting.
    static func onTerminal(_ what: String) -> ProgressLine? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        let seconds = ProcessInfo.processInfo.environment["ATOMSCOPE_PROGRESS_AFTER"].flatMap(Double.init) ?? 1
        return ProgressLine(what, delay: .seconds(max(0, min(seconds, 3600))))
    }

    private init(_ what: String, delay: Duration) {
        self.what = TerminalText.escaped(what, allowingStyle: false)
        self.delay = delay
    }

    /// Shows `fraction` (0 to 1) once the delay has passed, when the whole percent changed.
    func update(_ fraction: Double) {
        guard ContinuousClock.now - start >= delay else { return }
        let percent = Int((min(max(fraction, 0), 1) * 100).rounded(.down))
        guard percent != shownPercent else { return }
        shownPercent = percent
        write("\r\u{1B}[K\(what): \(percent)%")
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
