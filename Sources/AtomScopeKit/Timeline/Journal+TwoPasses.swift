import AtomJournal
import Foundation

extension Journal {
    /// Opens a journal that is then read a second time, step by step (the timeline's index of
    /// changes, `atomscope stat`), so that one progress line moves once from 0 to 1: the
    /// opening scan reports the first half, and the reader goes on to report the second half
    /// until the caller sets `reader.progress` to `nil` after that second pass.
    package static func openForTwoPasses(url: URL, progress: ((Double) -> Void)?) throws(JournalError) -> Journal {
        let journal = try Journal(url: url, progress: progress.map { report in { report(0.5 * $0) } })
        journal.reader.progress = progress.map { journal.reader.fractionReporter($0, into: 0.5...1) }
        return journal
    }
}
