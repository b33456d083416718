// The typed fast path of a watch inside an evaluation. `AtomTransactionContext.watch` is
// inlinable, so it is compiled in the module that defines the atom, where `A` is known: the
// key comparison is a comparison of the atom's own key type, and reading the value is a load,
// without generic metadata, witness tables or `AnyHashable`. The engine's fields are touched
// only here, in non-generic functions of this module: code inlined elsewhere would check
// exclusivity on every access to them, as `@exclusivity(unchecked)` is this module's own
// setting. Everything else (a new dependency, a watch after the evaluation returned) takes
// the general path in `AtomStore.watch(_:frame:token:scope:run:typed:)`.

extension AtomStore {
    /// `EvaluationFrame.sameDependency` for the evaluation at `depth`; `nil` if no frame is
    /// there (a context that escaped a deep evaluation after its frames were freed).
    @usableFromInline
    func sameDependency(depth: Int, token: Int, type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        guard let frame = frames.frame(at: depth) else { return nil }
        return frame.pointee.sameDependency(token: token, type: type, matches: matches)
    }
}

extension EvaluationFrame {
    /// The cell of the node of the atom of `type` that `matches` (which compares keys) if
    /// this evaluation or the last one watched it, recorded as watched; `nil` otherwise (a
    /// new dependency, or a watch after the evaluation returned). A cell, not the node, so
    /// that the caller reads the value without retaining anything (``NodeBlock``).
    ///
    /// While the evaluation follows the last one, that is the dependency at this position
    /// (confirmed), or the one just confirmed, watched again. Once it departed from it
    /// (kairo `unstable`), the atom is looked for among those watched so far and last time.
    @inlinable
    @inline(__always)
    mutating func sameDependency(token: Int, type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        guard self.token == token else { return nil }
        if diverged {
            // The last two atoms watched, here, before the search out of line: an evaluation
            // that switched dependencies mostly alternates among a few (kairo unstable
            // watches its source, then a branch, twenty times). Found there, an atom is
            // already recorded as watched.
            let count = watched.count
            if count > 0 {
                let last = watched.cell(at: count &- 1)
                if last.pointee.atomType == type, matches(last) { return last }
                if count > 1 {
                    let before = watched.cell(at: count &- 2)
                    if before.pointee.atomType == type, matches(before) { return before }
                }
            }
            return switchedDependency(token: token, type: type, matches: matches)
        }
        // `confirmed` never passes `previous.count` (it grows only below it, and `previous`
        // does not change during the evaluation), so both reads below are in bounds once
        // compared with the count and with 0: unchecked, a repeated watch saves a check.
        let confirmed = self.confirmed
        if confirmed < previous.count {
            let candidate = previous.cell(uncheckedAt: confirmed)
            if candidate.pointee.atomType == type, matches(candidate) {
                self.confirmed = confirmed + 1
                candidate.pointee.watchToken = token
                return candidate
            }
        }
        if confirmed > 0 {
            let candidate = previous.cell(uncheckedAt: confirmed &- 1)
            if candidate.pointee.atomType == type, matches(candidate) {
                return candidate
            }
        }
        return nil
    }

    /// After the evaluation departed from the last one: the next previous dependency first
    /// (the order rarely changes), then the last watched (a repeated watch), then short lists
    /// whole, so that dependencies switching among a few atoms never hash a key. Nodes in
    /// either list are alive: the evaluating node holds its previous dependencies, and
    /// nothing is released while it evaluates.
    @usableFromInline
    @inline(never)
    mutating func switchedDependency(token: Int, type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        guard let cell = findSwitched(type: type, matches: matches) else { return nil }
        if cell.pointee.watchToken != token {
            cell.pointee.watchToken = token
            watched.append(cell: cell)
        }
        return cell
    }

    // Plain loops, not `first(where:)`: a main-actor closure handed to the standard library
    // checks at run time, on every call, that it runs on the main actor.
    private mutating func findSwitched(type: ObjectIdentifier, matches: (NodeRef) -> Bool) -> NodeRef? {
        if cursor < previous.count {
            let candidate = previous.cell(at: cursor)
            cursor += 1
            if candidate.pointee.atomType == type, matches(candidate) { return candidate }
        }
        let watched = self.watched
        if watched.count <= Self.scannedLength {
            for index in watched.indices.reversed() {
                let candidate = watched.cell(at: index)
                if candidate.pointee.atomType == type, matches(candidate) { return candidate }
            }
        } else if !watched.isEmpty {
            let last = watched.cell(at: watched.count - 1)
            if last.pointee.atomType == type, matches(last) { return last }
        }
        let previous = self.previous
        if previous.count <= Self.scannedLength {
            for index in previous.indices {
                let candidate = previous.cell(at: index)
                if candidate.pointee.atomType == type, matches(candidate) { return candidate }
            }
        }
        return nil
    }

    /// How long a list of dependencies may be to be searched by comparing keys: beyond it,
    /// one hash costs less than the comparisons.
    private static var scannedLength: Int { 16 }
}

extension Node {
    /// Whether the node of `cell`, of `A`'s type, caches the atom with this key.
    @inlinable
    @inline(__always)
    static func hasKey(cell: NodeRef, _ key: A.Key) -> Bool {
        NodeBlock.atom(in: cell, A.self).pointee.key == key
    }

    /// The value of the node of `cell`, of `A`'s type, which the caller knows is there.
    @inlinable
    @inline(__always)
    static func presentValue(cell: NodeRef) -> A.Produced {
        NodeBlock.value(in: cell, A.self, A.Produced.self).pointee
    }

    /// The current value of the node of `cell`, of `A`'s type: what every typed read ends
    /// with. The load is inline; the store is called only for a node a write marked (or one
    /// without a value, which `prepareRead` reports).
    @inlinable
    @inline(__always)
    static func currentValue(cell: NodeRef, in store: AtomStore) -> A.Produced {
        if cell.pointee.mark != .clean || !cell.pointee.hasValue {
            store.prepareRead(cell: cell)
        }
        return presentValue(cell: cell)
    }
}

extension AtomStore {
    /// Brings the node of `cell` up to date if a write marked it, so that its value can be
    /// read; a node read while its own value is being computed is a cycle.
    @usableFromInline
    func prepareRead(cell: NodeRef) {
        if cell.pointee.mark != .clean {
            ensureFresh(cell: cell)
        }
        guard cell.pointee.hasValue else {
            let name = cell.pointee.node.takeUnretainedValue().diagnosticName()
            preconditionFailure("Atoms: \(name) was used while its own value was being computed.")
        }
    }
}
