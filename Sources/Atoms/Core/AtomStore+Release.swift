extension AtomStore {
    /// Releases every candidate that nothing holds, and then whatever that frees upstream.
    func releaseUnused() {
        while var node = log.releaseCandidates.popLast() {
            guard node.isAlive, node.isUnused else { continue }
            release(node)
            // Dropped here, after the access: freeing an evicted node runs its atom's deinit.
            _ = retiredNodes.retire(&node)
        }
    }

    private func release(_ node: NodeBase) {
        if isRecording {
            _ = info(for: node)
            log.released.append(node)
        }
        node.isAlive = false
        node.mark = .clean
        if let run = node.asyncRun {
            node.asyncRun = nil
            run.cancel()
        }
        nodes.remove(node)
        recentNodes.forget(node)
        // The cell says whether there is a description, without copying it (an `AtomInfo?`
        // copied and destroyed through value witnesses, about 120 instructions).
        if node.cell.pointee.hasInfo, let id = node.cachedInfo?.id, liveIDs[id] == ObjectIdentifier(node) {
            liveIDs[id] = nil
        }
        // By cell: see `removeEdge(from:to:)`. The list is a view of the node's, which
        // nothing changes before `removeAllUpstream()`.
        let upstreamNodes = node.upstream
        var index = 0
        while index < upstreamNodes.count {
            removeEdge(from: upstreamNodes.cell(uncheckedAt: index), to: node)
            index &+= 1
        }
        node.removeAllUpstream()
        node.lateUpstream.removeAll()
        if node.hasEffect {
            log.effectEvents.append((node, .released))
        }
    }

    // The edges change through the upstream node's cell: a node taken out of its cell to be
    // passed along was retained and released around each call, about 80 instructions an
    // edge of kairo's unstable shape. Only the list of release candidates, which holds its
    // nodes, takes a reference (and the edge events, while commits are observed).

    func removeEdge(from upstream: NodeRef, to node: NodeBase) {
        upstream.pointee.downstream.remove(node)
        if isRecording { recordEdge(upstream.pointee.node.takeUnretainedValue(), node, added: false) }
        log.releaseCandidates.append(upstream.pointee.node.takeUnretainedValue())
    }

    func recordEdge(_ upstream: NodeBase, _ downstream: NodeBase, added: Bool) {
        if isRecording {
            log.edgeEvents.append((upstream, downstream, added))
        }
    }

    func recordSubscription(_ node: NodeBase, _ subscriber: Subscriber, added: Bool) {
        if isRecording {
            log.subscriptionEvents.append((node, subscriber, added))
        }
    }
}
