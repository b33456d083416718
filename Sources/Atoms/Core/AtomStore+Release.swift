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
        if let id = node.cachedInfo?.id, liveIDs[id] == ObjectIdentifier(node) {
            liveIDs[id] = nil
        }
        for upstream in node.upstream {
            upstream.downstream.remove(node)
            recordEdge(upstream, node, added: false)
            log.releaseCandidates.append(upstream)
        }
        node.removeAllUpstream()
        node.lateUpstream.removeAll()
        if node.hasEffect {
            log.effectEvents.append((node, .released))
        }
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
