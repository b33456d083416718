import Atoms

extension AtomStateFile: AtomValueSource {
    public var atomIDs: [AtomID] {
        Array(entries.keys)
    }

    public func entry(for id: AtomID) -> AtomSourceEntry? {
        switch entries[id] {
        case .value(let fragment)?: .encoded(fragment)
        case .displayOnly?: .displayOnly
        case .redacted?: .redacted
        case nil: nil
        }
    }
}
