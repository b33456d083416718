extension AtomStore {
    /// Runs `body` as one transaction that ends in one commit. A call made while a
    /// transaction is running joins it, which is how `batch` groups writes.
    ///
    /// The cause is given in parts, written into the log in place: built as one value and
    /// moved in, it was copied and destroyed through its value witnesses at every write.
    func transaction<T>(
        _ operation: CauseOperation, at location: SourceLocation?, node: NodeBase? = nil, label: String? = nil,
        _ body: () throws -> T
    ) rethrows -> T {
        if transactionDepth > 0 {
            return try body()
        }
        beginTransaction(operation, at: location, nodeCell: node?.cell, label: label)
        defer { finishTransaction() }
        return try body()
    }

    /// Opens a transaction: the one opening that `transaction(_:_:)` and the typed write
    /// share.
    ///
    /// The log's lists of released nodes and events may hold the last reference to a node,
    /// whose deinit destroys the atom's value, and a value's deinit is user code. They are
    /// moved out and dropped after the access to `log` has ended, so that no user code runs
    /// inside it (the proof at ``NodeBase`` relies on that).
    func beginTransaction(_ operation: CauseOperation, at location: SourceLocation?, nodeCell: NodeRef? = nil, label: String? = nil) {
        if pendingCommit != nil { settlePendingCommit() }
        if isRecording { pruneCancelledObservers() }
        epoch += 1
        let dropped = log.takeReferenceHoldingLists()
        log.reset(operation: operation, location: location, nodeCell: nodeCell, label: label)
        transactionDepth = 1
        // Dropped here, after the accesses to `log` have ended.
        if let dropped { Self.drop(dropped) }
    }

    /// Ends the lists' lifetime where it is called. Not `withExtendedLifetime`: its closure,
    /// formed in main-actor code, would check the executor at every transaction.
    private nonisolated static func drop(_ lists: consuming TransactionLog.ReferenceHoldingLists) {
        _ = consume lists
    }

    /// Names the atom a transaction targets, once the node exists.
    func noteCauseNode(_ node: NodeBase) {
        noteCauseNode(cell: node.cell)
    }

    /// Names the node of `cell` as the transaction's target if none is named yet: the node
    /// is taken out of its cell only to be kept.
    func noteCauseNode(cell: NodeRef) {
        if log.cause.node == nil {
            log.cause.node = cell.pointee.node.takeUnretainedValue()
        }
    }

    /// Settles the graph and runs the effects of what changed while the transaction is
    /// still open, so that an effect sees the values it was called for and its writes become
    /// part of the same commit. Then it releases what nothing uses, emits the commit, and
    /// only after that notifies subscribers and runs release effects, whose writes start
    /// transactions of their own.
    func finishTransaction() {
        var nextEffect = 0
        repeat {
            stabilize()
            if nextEffect < log.effectEvents.count {
                while nextEffect < log.effectEvents.count {
                    let (node, event) = log.effectEvents[nextEffect]
                    nextEffect += 1
                    let context = AtomCurrentContext(store: self, scope: node.scope)
                    switch event {
                    case .initialized: node.effectInitialize(context: context)
                    case .updated: node.effectUpdated(context: context)
                    case .released: break
                    }
                }
            }
        } while !marked.isEmpty
        // Most writes release nothing: the call alone cost about 20 instructions.
        if !log.releaseCandidates.isEmpty { releaseUnused() }
        commitNumber += 1
        // `isRecording` (a flag without exclusivity checks) is false exactly when both
        // observer lists are empty: the common case costs no access to them.
        // An observer cancelled during the transaction (by an effect, say) gets no commit.
        if isRecording { pruneCancelledObservers() }
        let commit = !isRecording || commitObservers.isEmpty ? nil : makeCommit()
        // Optional, not an empty array: an empty array is released at every transaction.
        let touchedScopes = !isRecording || scopeObservers.isEmpty ? nil : scopesTouched()
        transactionDepth = 0
        // Nothing to tell anyone (an unwatched atom written, a cut-off before any subscriber):
        // the lists stay where they are, with no moves and no releases.
        if commit == nil, touchedScopes == nil, log.subscribersToNotify.isEmpty, log.effectEvents.isEmpty { return }
        notifyAfterCommit(commit, touchedScopes: touchedScopes, nextEffect: nextEffect)
    }

    /// The end of `finishTransaction()`: the commit to its observers, snapshots to scope
    /// observers, then subscribers and release effects, whose writes start transactions of
    /// their own.
    private func notifyAfterCommit(_ commit: AtomCommit?, touchedScopes: [ScopeState]?, nextEffect: Int) {
        // Both lists leave the log before anyone is called: a callback's transaction empties
        // the log. The effects' list only when it holds anything, so that a graph without
        // effects pays no move, no emptying and no release for it.
        var subscribers = SubscriberQueue()
        swap(&subscribers, &log.subscribersToNotify)
        var effects: ContiguousArray<(node: NodeBase, event: EffectEvent)>?
        if !log.effectEvents.isEmpty {
            var taken = ContiguousArray<(node: NodeBase, event: EffectEvent)>()
            swap(&taken, &log.effectEvents)
            effects = taken
        }

        if commit != nil {
            // The list as delivery begins: an observer that one of them adds gets the next
            // commit, and one it cancels still gets this one. The commit is lent to each, not
            // bound: binding it copied it, a retain and a release of its record and store.
            for observer in commitObservers.entries {
                observer.body(commit.unsafelyUnwrapped)
            }
        }
        if let touchedScopes, !touchedScopes.isEmpty {
            for observer in scopeObservers where touchedScopes.contains(where: { $0 === observer.scope }) {
                observer.body(makeSnapshot(seenFrom: observer.scope))
            }
        }
        // Each subscriber is moved out as it is told, so the queue's reference is the one
        // released after its callbacks: no retain to read it, no second release to empty the
        // queue. Nothing else can reach this queue, so its count stays put meanwhile.
        var index = 0
        while index < subscribers.count {
            let subscriber = subscribers.take(at: index)
            index += 1
            subscriber.onUpdate?()
            subscriber.onUpdateInternal?()
        }
        subscribers.forgetTaken()
        // The queue goes back to the log for the next transaction, so that a steady stream of
        // writes allocates none. Transactions that the callbacks above started have finished
        // by now, and left the log's queue empty.
        if log.subscribersToNotify.isEmpty, log.subscribersToNotify.capacity < subscribers.capacity {
            swap(&subscribers, &log.subscribersToNotify)
        }
        if let list = effects.take() {
            runReleaseEffects(list, from: nextEffect)
        }
    }

    /// Runs the release effects among `list` from `start` on (the earlier events ran inside
    /// the transaction), then empties the list and gives it back to the log.
    private func runReleaseEffects(_ list: consuming ContiguousArray<(node: NodeBase, event: EffectEvent)>, from start: Int) {
        // A plain loop: `indices.dropFirst` went through generic code at every transaction.
        var index = start
        while index < list.count {
            let (node, event) = list[index]
            index += 1
            guard event == .released else { continue }
            node.effectReleased(context: AtomCurrentContext(store: self, scope: node.scope))
        }
        list.removeAll(keepingCapacity: true)
        Self.giveBack(&list, to: &log.effectEvents)
    }

    /// Makes the emptied `list` the log's `target` if `target` has less room.
    private static func giveBack<Element>(_ list: inout ContiguousArray<Element>, to target: inout ContiguousArray<Element>) {
        guard target.isEmpty, target.capacity < list.capacity else { return }
        swap(&list, &target)
    }

    /// Settles the last commit's record before anything can change what it refers to: kept by
    /// an observer, its change set is built now; kept by no one, it becomes the spare.
    func settlePendingCommit() {
        // Moved out, not copied: a copy was a retain and a release at every commit.
        guard var record = pendingCommit.take() else { return }
        if isKnownUniquelyReferenced(&record) {
            record.removeAll()
            spareCommit = consume record
        } else {
            _ = record.changes(in: self)
            record.keepNodes()
        }
    }

    private func makeCommit() -> AtomCommit {
        // Moved out, not copied: a copy and the field's emptying were a retain and a release.
        let record = spareCommit.take() ?? CommitRecord()
        // Kept until the next transaction begins; see `settlePendingCommit()`.
        pendingCommit = record
        // Appended to the record's lists in place: their accesses are not checked at run time
        // (``CommitRecord``), so an append costs what it would on a local copy.
        if !log.initialized.isEmpty {
            record.initialized.reserveCapacity(log.initialized.count)
            for node in log.initialized {
                ensureInfo(node)
                node.keepCommittedValue()
                record.initialized.append(CommittedAtom(node.cell))
            }
        }
        var index = 0
        if !log.changed.isEmpty {
            record.updated.reserveCapacity(log.changed.count)
            // Read from the log at each step, not through a copy of the list: user code that
            // the rule calls (`==`, an id's description) could write to the store, which joins
            // this transaction and may grow the list into new memory.
            while index < log.changed.count {
                let cell = log.changed.cell(uncheckedAt: index)
                index += 1
                guard cell.pointee.initializedEpoch != epoch, cell.pointee.isAlive else { continue }
                if !cell.pointee.hasInfo { ensureInfo(cell.pointee.node.takeUnretainedValue()) }
                var word: UInt64?
                if commitChange(of: cell, word: &word) {
                    // With the bits when they were compared as a word: a recorder writes an
                    // `Int` from them without asking the cell for the value again.
                    if let word {
                        record.updated.append(CommittedAtom(cell, word: word))
                    } else {
                        record.updated.append(CommittedAtom(cell))
                    }
                } else {
                    record.recomputed.append(CommittedAtom(cell))
                }
            }
        }
        index = 0
        while index < log.stopped.count {
            let cell = log.stopped.cell(uncheckedAt: index)
            index += 1
            guard cell.pointee.changedEpoch != epoch, cell.pointee.initializedEpoch != epoch, cell.pointee.isAlive else { continue }
            if !cell.pointee.hasInfo { ensureInfo(cell.pointee.node.takeUnretainedValue()) }
            record.recomputed.append(CommittedAtom(cell))
        }
        for node in log.released {
            ensureInfo(node)
            record.released.append(CommittedAtom(node.cell))
        }
        if !log.edgeEvents.isEmpty {
            netEdges(into: record)
        }
        if !log.subscriptionEvents.isEmpty {
            netSubscriptions(into: record)
        }

        // Swapped, not copied: the log's cause is not read again before the next transaction
        // replaces it, and a copy and a destroy of the cause cost about 400 instructions.
        swap(&record.cause, &log.cause)
        if let node = record.cause.node { ensureInfo(node) }
        return AtomCommit(number: commitNumber, record: record, store: self)
    }

    /// Events are netted per pair, so a transient edge (added and removed again in the same
    /// transaction) does not appear at all.
    private func netEdges(into record: CommitRecord) {
        var edgeNet: [Pair: (index: Int, net: Int)] = [:]
        var edgeOrder: [(NodeBase, NodeBase)] = []
        for event in log.edgeEvents {
            let pair = Pair(event.upstream.number, event.downstream.number)
            let delta = event.added ? 1 : -1
            if let entry = edgeNet[pair] {
                edgeNet[pair] = (entry.index, entry.net + delta)
            } else {
                edgeNet[pair] = (edgeOrder.count, delta)
                edgeOrder.append((event.upstream, event.downstream))
            }
        }
        for (upstream, downstream) in edgeOrder {
            guard let net = edgeNet[Pair(upstream.number, downstream.number)]?.net, net != 0 else { continue }
            ensureInfo(upstream)
            ensureInfo(downstream)
            let edge = CommittedEdge(upstream: upstream, downstream: downstream)
            if net > 0 { record.edgesAdded.append(edge) } else { record.edgesRemoved.append(edge) }
        }
    }

    private func netSubscriptions(into record: CommitRecord) {
        var subscriptionNet: [Pair: (index: Int, net: Int)] = [:]
        var subscriptionOrder: [(NodeBase, Subscriber)] = []
        for event in log.subscriptionEvents {
            let pair = Pair(event.node.number, event.subscriber.number)
            let delta = event.added ? 1 : -1
            if let entry = subscriptionNet[pair] {
                subscriptionNet[pair] = (entry.index, entry.net + delta)
            } else {
                subscriptionNet[pair] = (subscriptionOrder.count, delta)
                subscriptionOrder.append((event.node, event.subscriber))
            }
        }
        for (node, subscriber) in subscriptionOrder {
            guard let net = subscriptionNet[Pair(node.number, subscriber.number)]?.net, net != 0 else { continue }
            ensureInfo(node)
            let subscription = CommittedSubscription(node: node, subscriber: subscriber)
            if net > 0 { record.subscriptionsAdded.append(subscription) } else { record.subscriptionsRemoved.append(subscription) }
        }
    }
}

private struct Pair: Hashable {
    let first: Int
    let second: Int
    init(_ first: Int, _ second: Int) {
        self.first = first
        self.second = second
    }
}
