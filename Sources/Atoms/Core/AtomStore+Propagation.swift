// Propagation is mark-and-pull. A write marks its direct downstream atoms dirty and every
// atom further down "check". Settling then pulls each marked atom up to date: a checked
// atom first brings its upstream atoms up to date and recomputes only if one of them
// really changed. Each atom is therefore recomputed at most once per transaction, after
// all of its upstream atoms, and never from a stale value. Both phases use explicit stacks,
// so no recursion grows with the depth of the graph.

extension AtomStore {
    /// Records that a node's value changed and marks what depends on it.
    func didChange(_ node: NodeBase) {
        if node.changedEpoch != epoch {
            node.changedEpoch = epoch
            if node.initializedEpoch != epoch {
                if isRecording {
                    log.changed.append(node)
                }
                if node.hasEffect {
                    log.effectEvents.append((node, .updated))
                }
            }
        }
        let epoch = self.epoch
        let downstreamNodes = node.downstream.items
        for index in downstreamNodes.indices {
            markDirty(downstreamNodes[index], epoch: epoch)
        }
        let subscribers = node.subscribers.items
        for index in subscribers.indices {
            let subscriber = subscribers[index]
            guard subscriber.notifiedEpoch != epoch else { continue }
            subscriber.notifiedEpoch = epoch
            log.subscribersToNotify.append(subscriber)
        }
    }

    /// Marks a node for recomputation and everything below it for checking.
    @inline(__always)
    func markDirty(_ downstream: NodeBase, epoch: Int) {
        guard downstream.restoredEpoch != epoch, !downstream.isEvaluating else { return }
        switch downstream.mark {
        case .dirty:
            break
        case .check:
            downstream.mark = .dirty
        case .clean:
            downstream.mark = .dirty
            marked.append(Unmanaged.passUnretained(downstream))
            markDescendants(of: downstream)
        }
    }

    private func markDescendants(of root: NodeBase) {
        let epoch = self.epoch
        var stack = ContiguousArray<Unmanaged<NodeBase>>()
        swap(&stack, &markStack)
        defer { swap(&stack, &markStack) }
        // Depth first, visiting the last marked child of a node next. That child goes
        // straight to `current` instead of through the stack, so a chain never touches it.
        var current: NodeBase? = root
        while let node = current {
            current = nil
            let downstreamNodes = node.downstream.items
            for index in downstreamNodes.indices {
                let downstream = downstreamNodes[index]
                guard downstream.mark == .clean, downstream.restoredEpoch != epoch else { continue }
                downstream.mark = .check
                marked.append(Unmanaged.passUnretained(downstream))
                if let pending = current {
                    stack.append(Unmanaged.passUnretained(pending))
                }
                current = downstream
            }
            if current == nil {
                current = stack.popLast()?.takeUnretainedValue()
            }
        }
    }

    /// Brings every marked node up to date. A marked node that nothing uses any more is
    /// left for release instead of being recomputed.
    func stabilize() {
        var index = 0
        while index < marked.count {
            let node = marked[index].takeUnretainedValue()
            index += 1
            guard node.isAlive, node.mark != .clean else { continue }
            if node.isUnused {
                log.releaseCandidates.append(node)
                continue
            }
            ensureFresh(node)
        }
        marked.removeAll(keepingCapacity: true)
    }

    /// Makes a node's value current, recomputing it and its stale upstream atoms in
    /// dependency order.
    @usableFromInline
    func ensureFresh(_ root: NodeBase) {
        guard root.mark != .clean else { return }
        if root.mark == .dirty, Self.allClean(root.upstream) {
            recompute(root)
            return
        }
        // The store's buffer, so that pulling allocates nothing; a pull nested in an
        // evaluation of this one finds it taken and uses one of its own.
        var stack = ContiguousArray<(node: NodeBase, next: Int)>()
        swap(&stack, &pullStack)
        defer {
            stack.removeAll(keepingCapacity: true)
            swap(&stack, &pullStack)
        }
        stack.append((root, 0))
        while let top = stack.last {
            let node = top.node
            if node.mark != .clean {
                // Every stale upstream first, even for a node already known to be dirty:
                // pulling one during the recompute would mark this node dirty again.
                var next = top.next
                var descended = false
                while next < node.upstream.count {
                    let upstream = node.upstream[next]
                    next += 1
                    if upstream.mark != .clean {
                        stack[stack.count - 1].next = next
                        stack.append((upstream, 0))
                        descended = true
                        break
                    }
                }
                if descended { continue }
                if node.mark == .dirty {
                    recompute(node)
                } else {
                    node.mark = .clean
                }
            }
            stack.removeLast()
        }
    }

    private static func allClean(_ nodes: NodeList) -> Bool {
        for node in nodes where node.mark != .clean {
            return false
        }
        return true
    }

    private func recompute(_ node: NodeBase) {
        node.mark = .clean
        let propagates = if let typed = node.typedEvaluate { typed(node, self) } else { node.evaluate(in: self) }
        if propagates {
            didChange(node)
        } else if isRecording {
            log.stopped.append(node)
        }
    }
}
