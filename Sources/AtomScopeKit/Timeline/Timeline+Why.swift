extension Timeline {
    /// The upstream atoms that changed in the step that changed `id` (its last change at or
    /// before `step`), nearest first, following that step's dependency edges. When the
    /// step's cause atom is upstream of `id` but is not already listed, it comes last: it
    /// is the root cause. Empty when the atom did not change at or before `step`, or when
    /// nothing upstream of it changed (it was itself the cause).
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `0 <= step <= stepCount`.
    public func why(_ id: String, at step: Int) throws(AtomScopeError) -> [String] {
        guard let explanation = try explain(id, at: step) else { return [] }
        var result = explanation.upstreams.map(\.atom)
        if let root = explanation.rootCause, root != id, !result.contains(root) {
            result.append(root)
        }
        return result
    }

    /// Why `id` changed, as of `step`: the step that changed it (its last change at or
    /// before `step`), that step's cause, and the upstream atoms that changed in it, found
    /// by walking the dependency graph of that step upstream from `id`. `nil` when the atom
    /// did not change at or before `step`.
    ///
    /// The graph walked holds the edges after the step and the edges the step removed, so
    /// that a dependency dropped by the re-evaluation it caused still counts.
    public func explain(_ id: String, at step: Int) throws(AtomScopeError) -> TimelineExplanation? {
        guard stateRange.contains(step) else {
            throw .stepOutOfRange(path: path, step: step, valid: stateRange)
        }
        guard let changeStep = lastChange(of: id, atOrBefore: step) else { return nil }
        let decoded = try self.step(changeStep)
        let graph = try seek(to: changeStep, keep: false).edges.union(decoded.edgesRemoved)

        var upstreamsOf: [String: [String]] = [:]
        for edge in graph {
            upstreamsOf[edge.downstream, default: []].append(edge.upstream)
        }
        // Breadth first, so that each atom is reached by a shortest chain; sorted
        // neighbours make the chains and the order deterministic.
        var parent: [String: String] = [:]
        var distance: [String: Int] = [id: 0]
        var frontier = [id]
        var reached: [String] = []
        while !frontier.isEmpty {
            var next: [String] = []
            for atom in frontier {
                for upstream in (upstreamsOf[atom] ?? []).sorted() where distance[upstream] == nil {
                    distance[upstream] = distance[atom, default: 0] + 1
                    parent[upstream] = atom
                    next.append(upstream)
                    reached.append(upstream)
                }
            }
            frontier = next
        }

        var upstreams: [TimelineExplanation.Upstream] = []
        for atom in reached where decoded.initialized[atom] != nil || decoded.updated[atom] != nil {
            var path = [atom]
            var current = atom
            while let child = parent[current] {
                path.append(child)
                current = child
            }
            upstreams.append(.init(atom: atom, distance: distance[atom] ?? 0, path: path))
        }
        upstreams.sort { ($0.distance, $0.atom) < ($1.distance, $1.atom) }

        let cause = decoded.causeAtom
        let isCause = cause == id
        let rootCause = cause.flatMap { isCause || distance[$0] != nil ? $0 : nil }
        return TimelineExplanation(
            atom: id, step: changeStep, operation: decoded.operation, causeAtom: cause, causeLocation: decoded.causeLocation,
            isCause: isCause, upstreams: upstreams, rootCause: rootCause
        )
    }
}
