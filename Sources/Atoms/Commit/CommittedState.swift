/// What a node's cell keeps of the value the last commit reported, while commits are
/// observed: where it is, its type, how many commits have replaced it, and for the integers
/// and `Bool` what it takes to commit the node from the cell alone
/// (``AtomStore/commitChange(of:word:)``).
@usableFromInline
struct CommittedState {
    /// Counts the committed values the node has had, so that a commit's atom can tell whether
    /// the value its commit reported is still the one held (``CommittedAtom``).
    @usableFromInline var revision = 0
    /// Where a synchronous atom's committed value is (``Node``'s committed slot), while it
    /// holds one; `nil` otherwise.
    @usableFromInline var address: UnsafeMutableRawPointer?
    /// The type of the value at `address`.
    @usableFromInline var type: any Any.Type = Void.self
    /// The size of the value when it is compared as bits (``TypedEquality/bitWidth(of:)``),
    /// once the node has found that it is (at its first comparison); 0 otherwise. Never set for
    /// an asynchronous atom or one mutated in place, which the node itself commits.
    var bitWidth = 0
    /// Where the node's value is (``Node``'s `slot`), set with `bitWidth`.
    var valueAddress: UnsafeMutableRawPointer?
    /// What one observer keeps for the atom, found from the cell (``CommittedAtom/observerState(token:)``).
    @usableFromInline var observerState: UnsafeMutableRawPointer?
    /// The observer that `observerState` is for (``AtomStore/makeObserverToken()``); 0 for none.
    @usableFromInline var observerToken = 0
}

extension AtomStore {
    /// Whether the node's value differs from the committed one by the one rule
    /// (``ValueChangeRule``); the value then becomes the committed one.
    ///
    /// An integer or `Bool` is compared and copied as bits right here: a change of such an
    /// atom costs no call into the node and no retain of it. Anything else goes to the node's
    /// `commitChange()`, which, at its first comparison, tells the cell whether the value is one.
    ///
    /// `word` is set to the value's bits when it was compared as one 8-byte word
    /// (``CommittedAtom/committedWord``).
    @inline(__always)
    func commitChange(of cell: NodeRef, word: inout UInt64?) -> Bool {
        let width = cell.pointee.committed.bitWidth
        guard width > 0, cell.pointee.hasValue, let committed = cell.pointee.committed.address,
              let value = cell.pointee.committed.valueAddress
        else { return cell.pointee.node.takeUnretainedValue().commitChange() }
        let differs: Bool
        // A word first: integers are most of what changes, and the general switch tested
        // the narrower widths before it, four instructions a changed atom.
        if _fastPath(width == MemoryLayout<UInt64>.size) {
            let bits = value.load(as: UInt64.self)
            differs = committed.load(as: UInt64.self) != bits
            committed.storeBytes(of: bits, as: UInt64.self)
            word = bits
        } else {
            differs = !TypedEquality.bitsEqual(committed, value, width: width)
            TypedEquality.copyBits(from: value, to: committed, width: width)
        }
        cell.pointee.committed.revision &+= 1
        return differs
    }
}
