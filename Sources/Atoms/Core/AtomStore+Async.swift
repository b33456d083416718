// Asynchronous atoms deliver values after the evaluation that started them has returned.
// Each delivery is a transaction of its own, named after what happened ("task finished
// FetchUserAtom(id: 3)"), so a recorder sees every completion, element and change.

extension AtomStore {
    /// Starts the run of the evaluation that `context` belongs to, replacing any earlier one.
    ///
    /// Only atoms that are ``_AsyncWorkAtom`` get a run with their evaluation; any other
    /// caller gets a run attached to nothing, which delivers nothing.
    func beginRun(_ context: AtomTransactionContext, kind: AsyncRunKind) -> AsyncRun {
        guard let run = context.run, run.isActive, let node = run.node, node.isEvaluating || context.token == -1 else {
            let detached = AsyncRun(node: nil, kind: kind)
            detached.cancel()
            return detached
        }
        if let earlier = node.asyncRun, earlier !== run {
            earlier.cancel()
        }
        run.kind = kind
        run.isRefresh = refreshingNode === node
        node.asyncRun = run
        return run
    }

    /// A watch by async work after its evaluation returned: the atom becomes a dependency of
    /// the working atom, as long as the work is current.
    func lateWatch<A: Atom>(_ atom: A, in scope: ScopeState?, for run: AsyncRun) -> A.Produced {
        guard run.isActive, let node = run.node, node.isAlive, node.asyncRun === run else {
            return read(atom, in: scope, at: nil)
        }
        return transaction(.watch, at: nil) {
            let upstream = resolve(atom, in: scope)
            noteCauseNode(upstream)
            guard upstream !== node else { return value(of: upstream) }
            if !run.lateWatched.contains(where: { $0 === upstream }) {
                run.lateWatched.append(upstream)
            }
            if !node.upstream.contains(upstream) {
                node.appendUpstream(upstream)
                upstream.downstream.insert(node)
                recordEdge(upstream, node, added: true)
                node.lateUpstream.append(upstream)
            }
            return value(of: upstream)
        }
    }

    /// Drops the dependencies that earlier work watched late and the finished work did not.
    func pruneLateDependencies(of node: NodeBase, keeping watched: ContiguousArray<NodeBase>) {
        guard !node.lateUpstream.isEmpty else { return }
        var still = ContiguousArray<NodeBase>()
        for upstream in node.lateUpstream {
            if watched.contains(where: { $0 === upstream }) {
                still.append(upstream)
                continue
            }
            if let index = node.upstream.firstIndex(identicalTo: upstream) {
                node.removeUpstream(at: index)
            }
            upstream.downstream.remove(node)
            recordEdge(upstream, node, added: false)
            log.releaseCandidates.append(upstream)
        }
        node.lateUpstream = still
    }

    /// Delivers what a run produced.
    ///
    /// - Parameters:
    ///   - value: The node's new value, or `nil` when only its status changes (a task atom's
    ///     value is the task itself, which stays the same when it finishes).
    ///   - status: What a recorder and tools show for the node, when it differs from the value.
    ///   - failed: Whether the delivery reports a failure, which names the commit.
    ///   - isLast: Whether the run ends with this delivery.
    func deliver<A: Atom>(_ value: A.Produced?, status: Any?, from run: AsyncRun, as _: A.Type, failed: Bool, isLast: Bool) {
        defer {
            if isLast { run.finish() } else { run.resumeWaiters() }
        }
        guard run.isActive, let base = run.node, base.isAlive, base.key.type == ObjectIdentifier(A.self) else { return }
        let node = unsafeDowncast(base, to: Node<A>.self)
        if node.isEvaluating, node.asyncRun === run {
            // Delivered before the evaluation that started the run returned: the evaluation
            // returns this value itself, and no commit of its own is needed.
            if let status { node.asyncStatus = status }
            if let value { run.synchronousValue = value }
            run.deliveredSynchronously = true
            return
        }
        let operation = failed ? run.kind.failure : run.kind.value
        transaction(operation, at: nil, node: node) {
            if let status { node.asyncStatus = status }
            if isLast {
                pruneLateDependencies(of: node, keeping: run.lateWatched)
            }
            endHold(of: run, on: node)
            if run.isRefresh {
                // A refresh kept the old value until now; the new one replaces it at once.
                run.isRefresh = false
                if let value {
                    node.value = value
                } else if let pending = run.pendingValue as? A.Produced {
                    node.value = pending
                }
                run.pendingValue = nil
                didChange(node)
            } else if let value {
                node.value = value
                didChange(node)
            } else {
                asyncStatusChanged(node)
            }
            run.lastDelivered = node.value
        }
    }

    /// Records that a node's status changed while its value did not, and brings the atoms
    /// that follow the status (`.phase`) up to date.
    func asyncStatusChanged(_ node: NodeBase) {
        if isRecording, node.changedEpoch != epoch, node.initializedEpoch != epoch {
            node.changedEpoch = epoch
            log.changed.append(cell: node.cell)
        }
        let downstreamNodes = node.downstream.items
        for index in downstreamNodes.indices where downstreamNodes[index].followsAsyncStatus {
            markDirty(downstreamNodes.cell(at: index), epoch: epoch)
        }
    }

    // MARK: Refresh

    /// Ends the hold a refresh put on a node nothing else used; the node is released at the
    /// end of the transaction unless something uses it by then.
    func endHold(of run: AsyncRun, on node: NodeBase) {
        guard run.holdsNode else { return }
        run.holdsNode = false
        node.isHeld = false
        log.releaseCandidates.append(node)
    }

    /// Recomputes an async atom and waits for its new work to deliver.
    ///
    /// Until the first delivery, a cached atom keeps its old value, so watchers never see the
    /// atom fall back to suspending. An atom that is not cached is computed, kept until it
    /// delivers, and then released unless something uses it by then.
    func refresh<A: Atom>(_ atom: A, in scope: ScopeState?, at location: SourceLocation?) async -> A.Produced {
        var awaited: AsyncRun?
        let immediate: A.Produced = transaction(.refresh, at: location) {
            guard let node = lookupNode(atom, in: scope) else {
                let node = resolve(atom, in: scope)
                noteCauseNode(node)
                if let run = node.asyncRun, run.isActive {
                    run.holdsNode = true
                    node.isHeld = true
                    awaited = run
                }
                return value(of: node)
            }
            noteCauseNode(node)
            refreshingNode = node
            let newValue = produce(for: node)
            refreshingNode = nil
            if let run = node.asyncRun, run.isActive, run.isRefresh, !run.deliveredSynchronously {
                run.pendingValue = newValue
                awaited = run
                return value(of: node)
            }
            node.asyncRun?.isRefresh = false
            node.mark = .clean
            node.value = newValue
            didChange(node)
            return newValue
        }
        guard let run = awaited else { return immediate }
        await run.waitForDelivery()
        if let node = lookupNode(atom, in: scope) {
            ensureFresh(node)
            return value(of: node)
        }
        return run.lastDelivered as? A.Produced ?? run.pendingValue as? A.Produced ?? immediate
    }

    /// Runs an atom's custom refresh and stores what it returns.
    ///
    /// A custom refresh usually refreshes an atom this one watches, which already updated
    /// this one on the way. Then the returned value is written only if it differs (for an
    /// `Equatable` value), so effects and watchers hear of the refresh once.
    func refreshCustom<A: Refreshable>(_ atom: A, in scope: ScopeState?, at location: SourceLocation?) async -> A.Produced {
        let before = lookupNode(atom, in: scope)
        let changedBefore = before?.changedEpoch
        let newValue = await atom.refresh(context: AtomCurrentContext(store: self, scope: scope))
        transaction(.refresh, at: location) {
            guard let node = lookupNode(atom, in: scope) else { return }
            noteCauseNode(node)
            ensureFresh(node)
            if node === before, node.changedEpoch != changedBefore {
                let isEqual = node.value.map { valuesEqual($0, newValue) } ?? false
                let isComparable = newValue is any Equatable
                if isEqual || !isComparable { return }
            }
            node.value = newValue
            node.mark = .clean
            didChange(node)
        }
        return newValue
    }
}
