import AtomJournal
import Atoms
import Foundation

extension Timeline {
    /// The state after a step as a state file, the file `restore(from:)` loads into an app
    /// or a test: JSON values as values, display-only values as their text, sensitive atoms
    /// as redaction markers; atoms without a value are left out. The provenance names this
    /// journal, the step, its commit and its time.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `0 <= step <= stepCount`.
    public func stateFile(at step: Int) throws(AtomScopeError) -> AtomStateFile {
        let state = try state(at: step)
        var entries: [AtomID: AtomStateEntry] = [:]
        entries.reserveCapacity(state.values.count)
        for (id, value) in state.values {
            switch value {
            case .json(let text):
                // The recorder writes valid JSON; anything else is still worth showing.
                if let fragment = try? JSONFragment(jsonText: text) {
                    entries[AtomID(id)] = .value(fragment)
                } else {
                    entries[AtomID(id)] = .displayOnly(text)
                }
            case .text(let text):
                entries[AtomID(id)] = .displayOnly(text)
            case .redacted:
                entries[AtomID(id)] = .redacted
            case .absent:
                break
            }
        }
        let provenance = AtomStateProvenance(journal: path, step: step, commit: state.commit, time: state.date)
        return AtomStateFile(entries: entries, provenance: provenance)
    }
}
