// The typed fast paths of `set` and `read` from outside the graph, inlinable like the typed
// watch (`TypedWatch.swift`): in the caller's module, finding one of the store's recent root
// nodes compares the atom's own key type, and storing or loading the value is a typed copy
// into or out of the node's slot. The transaction and propagation around them stay in
// non-generic functions of this module. An atom that is not among the recent nodes, or a
// context in a scope, takes the general path.

extension AtomStore {
    /// Sets a state atom of the root, typed; see the top of this file.
    @inlinable
    func typedSet<A: StateAtom>(_ newValue: A.Produced, for atom: A, at location: SourceLocation) {
        let key = atom.key
        if let found = recentNodes.cell(of: A.self, key: key) {
            let slot = NodeBlock.value(in: found, A.self, A.Produced.self)
            let write = beginWrite(to: found, at: location)
            if write.replacesValue {
                slot.pointee = newValue
            } else {
                slot.initialize(to: newValue)
            }
            endWrite(write, to: found)
            return
        }
        set(newValue, for: atom, in: nil, at: location)
    }

    /// Reads an atom of the root, typed; see the top of this file.
    @inlinable
    func typedRead<A: Atom>(_ atom: A) -> A.Produced {
        let key = atom.key
        if let found = recentNodes.cell(of: A.self, key: key) {
            return Node<A>.currentValue(cell: found, in: self)
        }
        return read(atom, in: nil, at: nil)
    }

    /// Starts a `set` of `node`: a transaction of its own unless one is running (whose cause
    /// it then does not change, as `transaction` does), named after the node. The caller
    /// stores the value into the slot (initializing it if the node had none), then calls
    /// `endWrite(_:to:)`.
    @usableFromInline
    func beginWrite(to cell: NodeRef, at location: SourceLocation) -> TypedWrite {
        let startsTransaction = transactionDepth == 0
        if startsTransaction {
            // Named at once, so that the cause of a run of writes to one atom stays as it is
            // (`TransactionLog.reset`).
            beginTransaction(.set, at: location, nodeCell: cell)
        } else {
            noteCauseNode(cell: cell)
        }
        let replacesValue = cell.pointee.hasValue
        cell.pointee.hasValue = true
        return TypedWrite(replacesValue: replacesValue, startsTransaction: startsTransaction)
    }

    /// Ends a `set` begun with `beginWrite(to:at:)`, as `write` does: a written value is
    /// authoritative (a pending recompute must not overwrite it), and it propagates unless
    /// it is the node's first; then the transaction the write started ends.
    @usableFromInline
    func endWrite(_ write: TypedWrite, to cell: NodeRef) {
        cell.pointee.mark = .clean
        if write.replacesValue {
            didChange(cell: cell)
        }
        if write.startsTransaction {
            finishTransaction()
        }
    }
}

/// What `beginWrite` tells the typed `set` and then `endWrite`.
@usableFromInline
struct TypedWrite {
    @usableFromInline let replacesValue: Bool
    let startsTransaction: Bool
}
