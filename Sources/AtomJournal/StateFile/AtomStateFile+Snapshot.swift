import Atoms

extension AtomStateFile {
    /// The values of a snapshot, in the form the journal recorder gives them: `Encodable`
    /// values as JSON, other values as their description, `Sensitive` atoms redacted.
    ///
    /// Lets an app or a test save the state of a live store without a journal, for
    /// example to attach it to a bug report and restore it later.
    ///
    /// - Parameter provenance: Where the state came from; by default only the snapshot's
    ///   commit number.
    public init(snapshot: Snapshot, provenance: AtomStateProvenance? = nil) {
        var entries: [AtomID: AtomStateEntry] = [:]
        for change in snapshot.atoms {
            guard let value = change.value else { continue }
            entries[change.atom.id] = Self.entry(for: value, of: change.atom)
        }
        self.init(entries: entries, provenance: provenance ?? AtomStateProvenance(commit: snapshot.commitNumber))
    }

    private static func entry(for value: Any, of atom: AtomInfo) -> AtomStateEntry {
        if atom.isSensitive {
            return .redacted
        }
        // A value with no JSON form (a `Double.nan`, say) is still worth showing, so a
        // failed encoding falls back to the description rather than dropping the atom.
        if let encodable = value as? any Encodable, let fragment = try? JSONFragment(encoding: encodable) {
            return .value(fragment)
        }
        return .displayOnly(String(describing: value))
    }
}
