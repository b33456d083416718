extension AtomStore {
    /// Captures the whole store: O(store size), done only when someone asks.
    func makeSnapshot() -> Snapshot {
        let alive = nodes.values.sorted { $0.number < $1.number }
        var entries: [AtomKey: SnapshotEntry] = [:]
        var atoms: [AtomValueChange] = []
        var edges: [AtomEdge] = []
        var edgeKeys: [(upstream: AtomKey, downstream: AtomKey)] = []
        var subscriptions: [AtomSubscription] = []
        for node in alive {
            guard let entry = node.snapshotEntry(store: self) else { continue }
            entries[node.key] = entry
            atoms.append(AtomValueChange(atom: entry.info, value: entry.recordedValue))
            for downstream in node.downstream.items {
                edges.append(AtomEdge(upstream: entry.info, downstream: info(for: downstream)))
                edgeKeys.append((node.key, downstream.key))
            }
            for subscriber in node.subscribers.items {
                subscriptions.append(AtomSubscription(atom: entry.info, subscriber: subscriber.info))
            }
        }
        atoms.sort { $0.atom.id < $1.atom.id }
        let order = alive.map(\.key).filter { entries[$0] != nil }
        edges.sort { ($0.upstream.id, $0.downstream.id) < ($1.upstream.id, $1.downstream.id) }
        subscriptions.sort { ($0.atom.id, $0.subscriber.location, $0.subscriber.number) < ($1.atom.id, $1.subscriber.location, $1.subscriber.number) }
        return Snapshot(
            commitNumber: commitNumber,
            atoms: atoms,
            edges: edges,
            subscriptions: subscriptions,
            entries: entries,
            entryOrder: order,
            edgeKeys: edgeKeys
        )
    }

    /// A snapshot whose lookups see atoms as `scope` does.
    func makeSnapshot(seenFrom scope: ScopeState) -> Snapshot {
        var snapshot = makeSnapshot()
        var current: ScopeState? = scope
        while let state = current {
            snapshot.scopeChain.append(state.number)
            current = state.parent
        }
        return snapshot
    }

    /// Puts a snapshot's values back in one transaction.
    ///
    /// Restored values are authoritative: they are not recomputed. Atoms that no longer
    /// exist are recreated with their values and their dependencies among restored atoms;
    /// atoms that depend on a changed restored atom and were not in the snapshot are
    /// recomputed. Only subscribers of values that differ are notified.
    func restore(_ snapshot: Snapshot, at location: SourceLocation?) {
        transaction(.restore, at: location) {
            var restored: [NodeBase] = []
            var changed: [NodeBase] = []
            var recreated = Set<AtomKey>()
            for key in snapshot.entryOrder {
                guard let entry = snapshot.entries[key] else { continue }
                let node: NodeBase
                if let existing = nodes.node(for: key) {
                    node = existing
                } else {
                    node = entry.recreate(self)
                    recreated.insert(key)
                }
                let differs = node.restore(value: entry.value)
                node.asyncStatus = entry.status
                node.restoredEpoch = epoch
                restored.append(node)
                if differs, node.initializedEpoch != epoch {
                    changed.append(node)
                }
            }
            for (upstreamKey, downstreamKey) in snapshot.edgeKeys where recreated.contains(downstreamKey) {
                guard let upstream = nodes.node(for: upstreamKey), let downstream = nodes.node(for: downstreamKey) else { continue }
                if upstream.downstream.insert(downstream) {
                    downstream.appendUpstream(upstream)
                    recordEdge(upstream, downstream, added: true)
                }
            }
            for node in changed {
                didChange(node)
            }
            for node in restored {
                node.mark = .clean
            }
        }
    }
}
