extension AtomStore {
    /// Sets every cached atom that `source` holds a decodable value for, in one transaction.
    ///
    /// Restored values are authoritative, as in a snapshot restore: they are not recomputed,
    /// while atoms that depend on a changed restored atom and were not restored are. Only
    /// atoms already cached can be matched, because an id is text and cannot recreate an
    /// atom.
    func restore(from source: some AtomValueSource, at location: SourceLocation?) -> AtomRestoreReport {
        transaction(.restore, at: location) {
            var cached: [AtomID: NodeBase] = [:]
            for node in nodes.values where node.isAlive {
                cached[info(for: node).id] = node
            }

            var restoredIDs: [AtomID] = []
            var changedIDs: [AtomID] = []
            var skipped: [AtomRestoreSkip] = []
            var restored: [NodeBase] = []
            var changed: [NodeBase] = []
            for id in Set(source.atomIDs).sorted() {
                // What the source lacks comes first: watching the atom would not help.
                let encoded: any AtomEncodedValue
                switch source.entry(for: id) {
                case .encoded(let value)?:
                    encoded = value
                case .displayOnly?:
                    skipped.append(AtomRestoreSkip(id: id, reason: .displayOnly))
                    continue
                case .redacted?:
                    skipped.append(AtomRestoreSkip(id: id, reason: .redacted))
                    continue
                case nil:
                    continue
                }
                guard let node = cached[id] else {
                    skipped.append(AtomRestoreSkip(id: id, reason: .notInStore))
                    continue
                }
                switch node.restore(decoding: encoded) {
                case .skipped(let reason):
                    skipped.append(AtomRestoreSkip(id: id, reason: reason))
                    continue
                case .changed:
                    changed.append(node)
                    changedIDs.append(id)
                case .unchanged:
                    break
                }
                // Before any change propagates, so that a restored atom downstream of
                // another one keeps its restored value instead of being recomputed.
                node.restoredEpoch = epoch
                restored.append(node)
                restoredIDs.append(id)
            }
            for node in changed {
                didChange(node)
            }
            for node in restored {
                node.mark = .clean
            }
            return AtomRestoreReport(restored: restoredIDs, changed: changedIDs, skipped: skipped)
        }
    }
}
