// Propagation is mark-and-pull. A write marks its direct downstream atoms dirty and every
// atom further down "check". Settling then pulls each marked atom up to date: a checked
// atom first brings its upstream atoms up to date and recomputes only if one of them
// really changed. Each atom is therefore recomputed at most once per transaction, after
// all of its upstream atoms, and never from a stale value. Both phases use explicit stacks,
// so no recursion grows with the depth of the graph.

extension AtomStore {
    /// Records that a node's value changed and marks what depends on it.
    func didChange(_ node: NodeBase) {
        didChange(cell: node.cell)
    }

    /// `didChange(_:)` from the node's cell.
    func didChange(cell: NodeRef) {
        markChanged(cell)
    }

    /// `didChange(cell:)`, inlined where settling recomputes a node: once per node reached.
    @inline(__always)
    private func markChanged(_ cell: NodeRef) {
        if cell.pointee.changedEpoch != epoch {
            cell.pointee.changedEpoch = epoch
            if cell.pointee.initializedEpoch != epoch {
                if isRecording {
                    log.changed.append(cell: cell)
                }
                if cell.pointee.hasEffect {
                    log.effectEvents.append((cell.pointee.node.takeUnretainedValue(), .updated))
                }
            }
        }
        let epoch = self.epoch
        // Plain loops over the lists here and below, as over `marked`: a range's indices
        // check that the count is not negative, and each read checked the index again.
        let downstreamNodes = cell.pointee.downstream.items
        // Every direct dependent first, then what lies below each: `marked` then lists the
        // dependents before the atoms they reach together (a diamond's sides before its sum),
        // which settling finds dirty with their upstream current and recomputes in place,
        // instead of pulling the other sides up from the sum (about 130 instructions a side).
        // A single dependent (a chain) goes down at once: there is no order to choose.
        if downstreamNodes.count == 1 {
            markDirty(downstreamNodes.cell(uncheckedAt: 0), epoch: epoch)
        } else {
            let firstMarked = marked.count
            var index = 0
            while index < downstreamNodes.count {
                markDirtyOnly(downstreamNodes.cell(uncheckedAt: index), epoch: epoch)
                index &+= 1
            }
            let lastMarked = marked.count
            index = firstMarked
            while index < lastMarked {
                let dependent = marked.cell(uncheckedAt: index)
                index &+= 1
                if !dependent.pointee.downstream.items.isEmpty {
                    markDescendants(of: dependent)
                }
            }
        }
        guard !cell.pointee.subscribers.isEmpty else { return }
        // Read in place through the cell, not through a copy of the list, which retained
        // and released the list's storage at every change of a watched atom.
        var index = 0
        while index < cell.pointee.subscribers.items.count {
            let subscriber = cell.pointee.subscribers.items[index]
            index &+= 1
            guard subscriber.notifiedEpoch != epoch else { continue }
            subscriber.notifiedEpoch = epoch
            // Consumed: the list takes the reference read above, where a copy of it cost a
            // second retain and a release for every subscriber told.
            log.subscribersToNotify.append(consume subscriber)
        }
    }

    // Marking and pulling go from cell to cell (``NodeCell``): a node object taken out of a
    // list would be retained and released around every use. The node itself is needed only
    // to recompute it.

    /// Marks a node for recomputation and everything below it for checking.
    @inline(__always)
    func markDirty(_ downstream: NodeRef, epoch: Int) {
        let count = marked.count
        markDirtyOnly(downstream, epoch: epoch)
        // Asked here, not by the call: a leaf (every branch's end, a chain's last node) has
        // nothing below it, and the call and its setup cost about 20 instructions for nothing.
        if marked.count > count, !downstream.pointee.downstream.items.isEmpty {
            markDescendants(of: downstream)
        }
    }

    /// Marks a node for recomputation, appending it to `marked` if it was clean; the caller
    /// marks what lies below a node so appended (`markDescendants(of:)`).
    @inline(__always)
    private func markDirtyOnly(_ downstream: NodeRef, epoch: Int) {
        guard downstream.pointee.restoredEpoch != epoch, !downstream.pointee.isEvaluating else { return }
        switch downstream.pointee.mark {
        case .dirty:
            break
        case .check:
            downstream.pointee.mark = .dirty
        case .clean:
            downstream.pointee.mark = .dirty
            marked.append(cell: downstream)
        }
    }

    private func markDescendants(of root: NodeRef) {
        let epoch = self.epoch
        // Depth first, visiting the last marked child of a node next. That child goes
        // straight to `current` instead of through the stack, so a chain never touches it.
        // The store's stack is used in place: marking calls no code that could mark again
        // (no user code runs), so no other use of it is open, and the stack is empty between
        // markings. Moved into a local and back, as it was, an empty array's storage was
        // retained and released at every marking.
        var current: NodeRef? = root
        while let node = current {
            current = nil
            let downstreamNodes = node.pointee.downstream.items
            var index = 0
            while index < downstreamNodes.count {
                let downstream = downstreamNodes.cell(uncheckedAt: index)
                index &+= 1
                guard downstream.pointee.mark == .clean, downstream.pointee.restoredEpoch != epoch else { continue }
                downstream.pointee.mark = .check
                marked.append(cell: downstream)
                if let pending = current {
                    markStack.append(cell: pending)
                }
                current = downstream
            }
            if current == nil {
                current = markStack.popLast()
            }
        }
    }

    /// Brings every marked node up to date. A marked node that nothing uses any more is
    /// left for release instead of being recomputed.
    func stabilize() {
        guard !marked.isEmpty else { return }
        // One context for every typed evaluation of this settling.
        var context = AtomTransactionContext.evaluation(of: self)
        var index = 0
        while index < marked.count {
            let cell = marked.cell(uncheckedAt: index)
            index += 1
            guard cell.pointee.isAlive, cell.pointee.mark != .clean else { continue }
            if cell.pointee.isUnused {
                log.releaseCandidates.append(cell.pointee.node.takeUnretainedValue())
                continue
            }
            settle(cell, with: &context)
        }
        marked.removeAll()
    }

    /// Makes a node's value current, recomputing it and its stale upstream atoms in
    /// dependency order.
    @usableFromInline
    func ensureFresh(_ root: NodeBase) {
        ensureFresh(cell: root.cell)
    }

    func ensureFresh(cell root: NodeRef) {
        guard root.pointee.mark != .clean else { return }
        var context = AtomTransactionContext.evaluation(of: self)
        settle(root, with: &context)
    }

    /// Makes a marked node current. In the common case, settling in marking order, it is
    /// dirty and its upstream nodes are all current: it is recomputed right here, inlined
    /// into settling, where a call per node reached was a tenth of a deep write. Otherwise
    /// its stale upstream nodes are pulled first.
    @inline(__always)
    private func settle(_ cell: NodeRef, with context: inout AtomTransactionContext) {
        guard Self.allClean(cell.pointee.upstream) else {
            pull(cell, with: &context)
            return
        }
        // Upstream already settled: a dirty node recomputes in place, and a checked one is
        // clean, since none of its upstream nodes changed or it would be dirty. Below a
        // cut-off (avoidable's `c2.changes`) every checked node ends here, where the pull's
        // stack cost about 30 instructions each.
        if cell.pointee.mark == .dirty {
            recompute(cell, with: &context)
        } else {
            cell.pointee.mark = .clean
        }
    }

    /// Recomputes the stale upstream nodes of a marked node in dependency order, then the
    /// node itself if one of them changed.
    private func pull(_ root: NodeRef, with context: inout AtomTransactionContext) {
        // The store's buffer, so that pulling allocates nothing; a pull nested in an
        // evaluation of this one finds it taken and uses one of its own.
        var stack = ContiguousArray<(cell: NodeRef, next: Int)>()
        swap(&stack, &pullStack)
        defer {
            // Empty already when the loop below ends; emptying an empty array still went
            // through the standard library's general `replaceSubrange`.
            stack.emptyForReuse()
            swap(&stack, &pullStack)
        }
        stack.append((root, 0))
        while let top = stack.last {
            let node = top.cell
            if node.pointee.mark != .clean {
                // Every stale upstream first, even for a node already known to be dirty:
                // pulling one during the recompute would mark this node dirty again.
                var next = top.next
                var descended = false
                while next < node.pointee.upstream.count {
                    let upstream = node.pointee.upstream.cell(at: next)
                    next += 1
                    if upstream.pointee.mark != .clean {
                        stack[stack.count - 1].next = next
                        stack.append((upstream, 0))
                        descended = true
                        break
                    }
                }
                if descended { continue }
                if node.pointee.mark == .dirty {
                    recompute(node, with: &context)
                } else {
                    node.pointee.mark = .clean
                }
            }
            stack.removeLast()
        }
    }

    private static func allClean(_ nodes: NodeList) -> Bool {
        var index = 0
        while index < nodes.count {
            if nodes.cell(uncheckedAt: index).pointee.mark != .clean { return false }
            index &+= 1
        }
        return true
    }

    @inline(__always)
    private func recompute(_ cell: NodeRef, with context: inout AtomTransactionContext) {
        cell.pointee.mark = .clean
        let propagates = runRecomputation(of: cell, with: &context)
        if propagates {
            markChanged(cell)
        } else if isRecording {
            log.stopped.append(cell: cell)
        }
    }
}
