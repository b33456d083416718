import AtomJournal
import AtomScopeKit
import Foundation

// The journal reader, its index and the timeline on any bytes: open (framing, decoding, the
// meaning checks), seek to every state, replay every step's diff, and verify. Any input must
// give records or a clear error; a trap, a leak or a hang is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournal(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    // The reader needs a file: one per process, rewritten for each input.
    let url = FileManager.default.temporaryDirectory.appending(path: "fuzz-journal-\(getpid()).journal")
    guard (try? Data(bytes: start, count: count).write(to: url)) != nil else { return 0 }
    guard let timeline = try? Timeline(url: url) else { return 0 }
    // Opening skims each step (numbers and sizes) without decoding it; any step the skim
    // accepted must decode, or the two readers disagree about what a valid step is.
    for position in 0..<min(timeline.journal.stepCount, 2_000) {
        do {
            _ = try timeline.journal.step(at: position)
        } catch {
            fatalError("the timeline opened, but step \(position + 1) does not decode: \(error)")
        }
    }
    for step in timeline.stateRange.prefix(2_000) {
        _ = try? timeline.state(at: step)
        if step > 0 { _ = try? timeline.diff(step: step) }
    }
    _ = try? JournalVerification(url: url)
    // `stat` counts while it opens the journal, by atom number, and in a pass of its own when
    // that cannot be exact; a journal opened without counting is always counted in the pass.
    // The two must agree.
    let passed = try? JournalStatistics(journal: timeline.journal)
    let counted = try? JournalStatistics(url: url)
    if passed != counted {
        fatalError("stat counted while opening gives \(String(describing: counted)), its own pass \(String(describing: passed))")
    }
    return 0
}
