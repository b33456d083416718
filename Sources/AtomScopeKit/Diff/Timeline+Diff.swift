import AtomJournal

extension Timeline {
    /// The diff from the state after step `from` to the state after step `to` (either
    /// order). A sensitive atom redacted in both is reported as changed when the journal
    /// recorded a change of it in between.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless both are in
    ///   `0...stepCount`.
    public func diff(from: Int, to: Int) throws(AtomScopeError) -> StateDiff {
        guard stateRange.contains(from) else { throw .stepOutOfRange(path: path, step: from, valid: stateRange) }
        guard stateRange.contains(to) else { throw .stepOutOfRange(path: path, step: to, valid: stateRange) }
        let before = try seek(to: from, keep: false)
        let after = try state(at: to)
        let (low, high) = (min(from, to), max(from, to))
        return StateDiff(from: before, to: after) { self.changed($0, after: low, through: high) }
    }

    /// What one step changed: the diff from the state before it to the state after it,
    /// computed from the step's own changes, so that it costs in proportion to them. A
    /// sensitive atom the step updated reads `<redacted> (changed)`.
    ///
    /// Walking steps in order with this is cheap: each call moves the cached state one
    /// step forward.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `1 <= step <= stepCount`.
    public func diff(step number: Int) throws(AtomScopeError) -> StateDiff {
        try diff(of: step(number))
    }

    /// What a step, already decoded with ``step(_:)``, changed: as ``diff(step:)``, without
    /// decoding the step again.
    public func diff(of step: TimelineStep) throws(AtomScopeError) -> StateDiff {
        let number = step.number
        guard number >= 1, number <= stepCount else {
            throw .stepOutOfRange(path: path, step: number, valid: stepCount > 0 ? 1...stepCount : nil)
        }
        let atoms = step.changedAtoms
        let edges = step.edgesAdded + step.edgesRemoved
        let subscriptions = step.subscriptionsAdded + step.subscriptionsRemoved

        // Take what the diff needs from the state before the step, then let the cached
        // state move forward in place.
        var valuesBefore: [String: JournalValue] = [:]
        let edgesBefore: Set<TimelineEdge>
        let subscriptionsBefore: Set<TimelineSubscription>
        do {
            let before = try state(at: number - 1)
            for id in atoms {
                valuesBefore[id] = before.values[id]
            }
            edgesBefore = Set(edges.filter(before.edges.contains))
            subscriptionsBefore = Set(subscriptions.filter(before.subscriptions.contains))
        }
        let after = try state(at: number)
        var valuesAfter: [String: JournalValue] = [:]
        for id in atoms {
            valuesAfter[id] = after.values[id]
        }
        return StateDiff(
            from: number - 1, to: number, atoms: atoms, before: valuesBefore, after: valuesAfter,
            recordedUpdate: { step.initialized[$0] != nil || step.updated[$0] != nil },
            edges: edges, edgeBefore: edgesBefore.contains, edgeAfter: after.edges.contains,
            subscriptions: subscriptions, subscriptionBefore: subscriptionsBefore.contains, subscriptionAfter: after.subscriptions.contains
        )
    }
}
