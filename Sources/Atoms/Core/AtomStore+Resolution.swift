extension AtomStore {
    /// Where an atom asked for from `scope` lives: its key, and the scope that owns it.
    @inline(__always)
    func placement<A: Atom>(of atom: A, from scope: ScopeState?) -> (key: AtomKey, owner: ScopeState?) {
        guard let scope, let owner = scope.owner(of: atom) else { return (AtomKey(atom), nil) }
        return (AtomKey(atom, scope: owner.number), owner)
    }

    func lookupNode<A: Atom>(_ atom: A, in scope: ScopeState?) -> Node<A>? {
        // Operations that return to a few atoms (a writer setting a source, a read of a
        // leaf) skip hashing.
        if scope == nil, let node = recentNodes.node(for: atom) {
            return node
        }
        let key = placement(of: atom, from: scope).key
        guard let node = nodes.node(for: key) else { return nil }
        if key.scope == 0 {
            recentNodes.remember(node)
        }
        // The key includes `A`'s type identity, so the node is a `Node<A>`.
        return unsafeDowncast(node, to: Node<A>.self)
    }

    /// Returns the up-to-date node for an atom, creating and computing it if needed. Must run
    /// inside a transaction.
    ///
    /// - Parameter typed: The node's recomputation compiled for `A`, from a typed entry point,
    ///   installed if the node has none.
    func resolve<A: Atom>(_ atom: A, in scope: ScopeState?, typed: TypedEvaluation? = nil) -> Node<A> {
        // A new atom's first computation resolves each of its dependencies here; the root's
        // recent nodes (a source a writer sets, say) are found without hashing a key.
        if scope == nil, let node = recentNodes.node(for: atom) {
            node.install(typed)
            ensureFresh(node)
            return node
        }
        let (key, owner) = placement(of: atom, from: scope)
        if let existing = nodes.node(for: key) {
            let node = unsafeDowncast(existing, to: Node<A>.self)
            node.install(typed)
            ensureFresh(node)
            return node
        }
        let node = makeNode(for: atom, key: key, scope: owner)
        node.install(typed)
        // The first computation through the typed recomputation when there is one (it takes
        // the general path itself for what it does not cover): run here, generic code
        // compiled once for every atom type (a modifier's own computation, say) would hand
        // the atoms it watches recomputations of that generic kind, and they would ask the
        // runtime for metadata at every later recompute.
        if hasTypedRecomputation(node.cell) {
            var context = AtomTransactionContext.evaluation(of: self)
            _ = runRecomputation(of: node.cell, with: &context)
        } else {
            node.store(produce(for: node))
        }
        return node
    }

    /// Registers a node for an atom asked for from `scope`, without a value.
    func makeNode<A: Atom>(for atom: A, in scope: ScopeState?) -> Node<A> {
        let (key, owner) = placement(of: atom, from: scope)
        return makeNode(for: atom, key: key, scope: owner)
    }

    /// Registers a node without a value. The caller gives it one before the transaction
    /// ends; until then the node is a release candidate like any new node.
    func makeNode<A: Atom>(for atom: A, key: AtomKey, scope: ScopeState?) -> Node<A> {
        let node: Node<A>
        if scope == nil, let retired = retiredNodes.node(for: key), retired.atomIsValueType || type(of: atom) == A.self,
           retiredNodes.remove(retired) {
            // A node of `A`'s type is a `Node<A>` (its key holds the type's identity).
            node = unsafeDowncast(retired, to: Node<A>.self)
            node.renew(number: makeNumber(), atom: atom)
        } else {
            node = Node(number: makeNumber(), key: key, scope: scope, atom: atom)
        }
        nodes.insert(node)
        node.initializedEpoch = epoch
        if isRecording {
            log.initialized.append(node)
        }
        if node.hasEffect {
            log.effectEvents.append((node, .initialized))
        }
        log.releaseCandidates.append(node)
        return node
    }

    /// Produces a node's value through its override or its own function, recording what
    /// the function watches as the node's dependencies.
    ///
    /// Only what needs `A` is here; the bookkeeping around the evaluation is in the
    /// non-generic `beginEvaluation` and `endEvaluation`, compiled once without generic
    /// metadata, since this function is not specialised for the atoms of other modules.
    func produce<A: Atom>(for node: Node<A>) -> A.Produced {
        if node.startsAsyncWork, let run = node.asyncRun {
            // Recomputing supersedes the work of the previous evaluation.
            node.asyncRun = nil
            endHold(of: run, on: node)
            run.cancel()
        }
        if hasOverrides || node.scope != nil, let override = override(for: node) {
            replaceDependencies(of: node.cell, with: NodeList()[...])
            guard node.startsAsyncWork else { return override(node.atom) }
            // An overriding value of an async atom may be work to follow (a task).
            let run = AsyncRun(node: node, kind: .task)
            let context = AtomTransactionContext(store: self, depth: Self.closedDepth, token: -1, frame: nil, scope: node.scope, run: run)
            return node.atom._adoptOverride(override(node.atom), context: context)
        }
        if node.isEvaluating {
            Self.cycleFailure(node.atom)
        }
        let (depth, token, frame) = beginEvaluation(of: node.cell)
        let run = node.startsAsyncWork ? AsyncRun(node: node, kind: .task) : nil
        let context = AtomTransactionContext(store: self, depth: depth, token: token, frame: frame, scope: node.scope, run: run)
        let value: A.Produced
        if DeepEvaluation.needsHandOff(depth: evaluationDepth) {
            let atom = node.atom
            value = DeepEvaluation.onHelperStack { atom._produce(context: context) }
        } else {
            value = node.atom._produce(context: context)
        }
        endEvaluation(of: node.cell, depth: depth, frame: frame)
        return value
    }

    @inline(never)
    private static func cycleFailure<A: Atom>(_ atom: A) -> Never {
        preconditionFailure("Atoms: \(diagnosticAtomIDText(for: atom)) depends on itself; atom dependencies must not form a cycle.")
    }

    /// Takes the frame of the next nesting depth for an evaluation of the node of `cell`;
    /// returns that depth, the evaluation's token and the frame, which stays where it is
    /// until the evaluation ends (``EvaluationFrames``).
    ///
    /// Inlined into the two evaluations (typed and general), like `endEvaluation`: as calls,
    /// the pair cost a tenth of a deep write, each finding the frame again by depth.
    @inlinable @inline(__always)
    func beginEvaluation(of cell: NodeRef) -> (depth: Int, token: Int, frame: FrameRef) {
        // Wrapping additions: neither count can reach `Int.max` (a token a nanosecond would
        // take 292 years; the depth is bounded by memory), and each overflow check was a
        // branch at every evaluation.
        let token = nextToken
        nextToken = token &+ 1
        let depth = evaluationDepth
        let frame = frames.makeFrame(at: depth)
        evaluationDepth = depth &+ 1
        frame.pointee.previous = cell.pointee.upstream
        frame.pointee.token = token
        cell.pointee.isEvaluating = true
        return (depth, token, frame)
    }

    /// Records what the evaluation watched as the node's dependencies, if that changed, and
    /// gives the frame back.
    @inlinable @inline(__always)
    func endEvaluation(of cell: NodeRef, depth: Int, frame: FrameRef) {
        cell.pointee.isEvaluating = false
        if frame.pointee.diverged || frame.pointee.confirmed < frame.pointee.previous.count {
            replaceDependencies(of: cell, after: frame)
        }
        frame.pointee.token = 0
        frame.pointee.previous = NodeList()
        frame.pointee.confirmed = 0
        frame.pointee.cursor = 0
        evaluationDepth = depth
        if depth == 0 {
            frames.trim()
        }
    }

    /// `endEvaluation` for an evaluation that did not watch exactly its previous dependencies:
    /// what it watched becomes the node's dependencies.
    @usableFromInline @inline(never)
    func replaceDependencies(of cell: NodeRef, after frame: FrameRef) {
        let watched = frame.pointee.diverged ? frame.pointee.watched[...] : frame.pointee.previous[0..<frame.pointee.confirmed]
        if cell.pointee.startsAsyncWork, case let node = cell.pointee.node.takeUnretainedValue(), !node.lateUpstream.isEmpty {
            let kept = keepingLateDependencies(of: node, watched)
            replaceDependencies(of: cell, with: kept[...])
            kept.deallocate()
        } else {
            replaceDependencies(of: cell, with: watched)
        }
        if frame.pointee.diverged {
            frame.pointee.watched.removeAll()
            frame.pointee.diverged = false
        }
    }

    /// An empty list for a node's new dependencies, with room for `capacity`: the store's
    /// spare, the list the last replacement let go (see `install(_:asDependenciesOf:)`), so
    /// that a node whose dependencies switch back and forth, or a node made again, allocates
    /// nothing. Nothing between taking it and installing the new list reaches this again (no
    /// user code runs while dependencies are replaced).
    private func takeSpareDependencies(capacity: Int) -> NodeList {
        var new = NodeList()
        swap(&new, &spareDependencies)
        new.removeAll()
        new.reserveCapacity(capacity)
        return new
    }

    /// Makes `new` the dependencies of `node`; the list it replaces becomes the spare.
    private func install(_ new: NodeList, asDependenciesOf node: NodeBase) {
        var replaced = node.exchangeUpstream(with: new)
        replaced.removeAll()
        spareDependencies.deallocate()
        spareDependencies = replaced
    }

    /// The override that replaces a node's own function: its scope's, else the root's.
    @inline(__always)
    private func override<A: Atom>(for node: Node<A>) -> (@MainActor (A) -> A.Produced)? {
        if let scope = node.scope, !scope.overrides.isEmpty, let override = scope.overrides.override(for: node.atom, key: node.key) {
            return override
        }
        guard !overrides.isEmpty else { return nil }
        return overrides.override(for: node.atom, key: node.key)
    }

    /// An async node's new dependencies plus those its earlier work watched after an `await`
    /// and this evaluation did not watch before its own: the new work is likely to watch them
    /// again, and dropping them now would release a state atom only they keep.
    private func keepingLateDependencies(of node: NodeBase, _ watched: Slice<NodeList>) -> NodeList {
        var kept = NodeList()
        kept.append(contentsOf: watched)
        var late = ContiguousArray<NodeBase>()
        for upstream in node.lateUpstream where upstream.isAlive && !kept.contains(cell: upstream.cell) {
            kept.append(cell: upstream.cell)
            late.append(upstream)
        }
        node.lateUpstream = late
        return kept
    }

    /// The depth of contexts that never watch (those given to overridden atoms): no frame.
    private static var closedDepth: Int { -1 }

    /// The node the evaluation at `depth` watched last: right after `watch`, the watched one.
    func lastWatchedNode(depth: Int) -> NodeBase? {
        guard let frame = frames.frame(at: depth) else { return nil }
        if frame.pointee.diverged { return frame.pointee.watched.last }
        let confirmed = frame.pointee.confirmed
        return confirmed > 0 ? frame.pointee.previous[confirmed - 1] : nil
    }

    /// Watches an atom from inside an evaluation that did not watch it before, or after the
    /// evaluation returned: returns its current value and makes it a dependency of the
    /// evaluating atom.
    @usableFromInline
    func watch<A: Atom>(
        _ atom: A, depth: Int, token: Int, scope: ScopeState?, run: AsyncRun?, typed: TypedEvaluation? = nil
    ) -> A.Produced {
        guard let frame = frames.frame(at: depth), frame.pointee.token == token else {
            // After the evaluation returned: async work adds a dependency; a context that
            // escaped in a stored closure can only read.
            if let run {
                return lateWatch(atom, in: scope, for: run)
            }
            return read(atom, in: scope, at: nil)
        }
        // The caller (`AtomTransactionContext.watch`) found no dependency this evaluation or
        // the last one watched (`EvaluationFrame.sameDependency`): a new one.
        // `frame` stays valid while `resolve` runs nested evaluations (``EvaluationFrames``).
        if !frame.pointee.diverged {
            let previous = frame.pointee.previous
            let confirmed = frame.pointee.confirmed
            let node = resolve(atom, in: scope, typed: typed)
            if node.watchToken != token {
                // A different dependency: collect every watched atom from here on.
                node.watchToken = token
                frame.pointee.watched.append(contentsOf: previous[0..<confirmed])
                frame.pointee.watched.append(node)
                frame.pointee.cursor = confirmed
                frame.pointee.diverged = true
            }
            return value(of: node)
        }
        let node = resolve(atom, in: scope, typed: typed)
        if node.watchToken != token {
            node.watchToken = token
            frame.pointee.watched.append(node)
        }
        return value(of: node)
    }

    @inline(__always)
    func value<A: Atom>(of node: Node<A>) -> A.Produced {
        guard node.hasValue else {
            preconditionFailure("Atoms: \(diagnosticAtomIDText(for: node.atom)) was used while its own value was being computed.")
        }
        return node.presentValue
    }

    /// Replaces a node's dependencies with the nodes `watched` lists, updating both sides of
    /// each edge. From cell to cell: through the node objects, each one read from a list was
    /// retained and released, about 360 instructions a switch of two dependencies.
    @inline(__always)
    func replaceDependencies(of cell: NodeRef, with watched: Slice<NodeList>) {
        let old = cell.pointee.upstream
        if old.elementsEqual(cells: watched) {
            return
        }
        // Short lists (the usual case) are compared by scanning, which allocates nothing;
        // long ones through sets, so that a node with thousands of dependencies stays linear.
        guard old.count <= Self.scannedDependencies, watched.count <= Self.scannedDependencies else {
            return replaceLongDependencies(of: cell, with: watched)
        }
        var new = takeSpareDependencies(capacity: watched.count)
        for position in watched.startIndex..<watched.endIndex {
            let upstream = watched.base.cell(at: position)
            if !new.contains(cell: upstream) { new.append(cell: upstream) }
        }
        let node = cell.pointee.node.takeUnretainedValue()
        for index in 0..<old.count {
            let upstream = old.cell(uncheckedAt: index)
            if !new.contains(cell: upstream) { removeEdge(from: upstream, to: node) }
        }
        for index in 0..<new.count {
            let upstream = new.cell(uncheckedAt: index)
            if !old.contains(cell: upstream) { addEdge(from: upstream, to: node) }
        }
        // `old` is a view of the list that becomes the spare: not used after.
        install(new, asDependenciesOf: node)
    }

    /// `replaceDependencies(of:with:)` for lists longer than `scannedDependencies`, through
    /// sets of cells.
    @inline(never)
    private func replaceLongDependencies(of cell: NodeRef, with watched: Slice<NodeList>) {
        let old = cell.pointee.upstream
        var new = takeSpareDependencies(capacity: watched.count)
        var kept = Set<NodeRef>()
        for position in watched.startIndex..<watched.endIndex where kept.insert(watched.base.cell(at: position)).inserted {
            new.append(cell: watched.base.cell(at: position))
        }
        var previous = Set<NodeRef>()
        for index in 0..<old.count {
            previous.insert(old.cell(uncheckedAt: index))
        }
        let node = cell.pointee.node.takeUnretainedValue()
        for index in 0..<old.count where !kept.contains(old.cell(uncheckedAt: index)) {
            removeEdge(from: old.cell(uncheckedAt: index), to: node)
        }
        for index in 0..<new.count where !previous.contains(new.cell(uncheckedAt: index)) {
            addEdge(from: new.cell(uncheckedAt: index), to: node)
        }
        install(new, asDependenciesOf: node)
    }

    /// The length up to which dependency lists are compared by scanning.
    private static var scannedDependencies: Int { 16 }

    private func addEdge(from upstream: NodeRef, to node: NodeBase) {
        upstream.pointee.downstream.insert(node)
        if isRecording { recordEdge(upstream.pointee.node.takeUnretainedValue(), node, added: true) }
    }
}


