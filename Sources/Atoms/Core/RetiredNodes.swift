/// The last few nodes a store released, kept so that an atom that comes back soon (a
/// dependency that switches back and forth, a row that scrolls out and in) gets its node
/// again instead of a new one.
///
/// Making a node costs its object and block, the runtime's lookup of `Node<A>`'s metadata and
/// the type's traits; freeing one, its isolated deinit and the frees: about 2,200 instructions
/// together, a fifth of a write of kairo's unstable shape, where each write releases the atom
/// its node stopped watching and makes the one it watches again. A retired node has already
/// been released in every sense the store and its users see: its value was destroyed when it
/// would have been, and it comes back with a new number and no value, as a new node. Only its
/// atom and key stay with it until then.
///
/// Only nodes whose last reference the store holds are kept, so nothing else (a kept commit, a
/// subscriber) can see one change. And only nodes with nothing but their value to forget:
/// of the root, synchronous, without an effect or `KeepAlive`, and with no committed value (no
/// observer was recording when they were released).
struct RetiredNodes {
    /// How many nodes are kept, the oldest going first: a lookup compares each one's key.
    static let capacity = 8

    private var nodes: ContiguousArray<NodeBase> = []

    /// Whether no node is kept.
    var isEmpty: Bool { nodes.isEmpty }

    /// Keeps `node`, whose release has just ended, if nothing else holds it and it has nothing
    /// left to forget but its value, which goes now. Returns the node that made room for it,
    /// for the caller to drop once this access has ended: freeing a node destroys its atom,
    /// which is user code.
    @MainActor
    mutating func retire(_ node: inout NodeBase) -> NodeBase? {
        guard node.canRetire, isKnownUniquelyReferenced(&node) else { return nil }
        node.forgetValue()
        let evicted = nodes.count == Self.capacity ? nodes.removeFirst() : nil
        nodes.append(node)
        return evicted
    }

    /// The kept node of `key`, if any. Reads only: comparing keys runs the atom's `==`.
    @MainActor
    func node(for key: AtomKey) -> NodeBase? {
        guard !nodes.isEmpty else { return nil }
        for node in nodes where node.key == key {
            return node
        }
        return nil
    }

    /// Takes `node` out, found by identity; returns whether it was kept (code that an `==`
    /// ran between `node(for:)` and this call could have taken it).
    mutating func remove(_ node: NodeBase) -> Bool {
        guard let index = nodes.firstIndex(where: { $0 === node }) else { return false }
        nodes.remove(at: index)
        return true
    }
}

extension NodeBase {
    /// Whether the node, released, has nothing but its value to forget before it is used
    /// again (see ``RetiredNodes``).
    var canRetire: Bool {
        isRecyclable && !isKeepAlive && committedAddress == nil && !hasBoxedCommittedValue && asyncRun == nil
            && lateUpstream.isEmpty && cell.pointee.upstream.isEmpty && cell.pointee.downstream.isEmpty
            && cell.pointee.subscribers.isEmpty
    }

    /// Starts the node over as a new one, numbered `number` (see ``NodeCell/renew(number:)``),
    /// without the description it had.
    func renewCell(number: Int) {
        // Only when there is one: the description's every access is checked at run time (its
        // `didSet`), and the cell says whether it is set. A retired node is synchronous, and
        // only async atoms have a status (`asyncStatus`), so there is none to forget.
        if cell.pointee.hasInfo {
            cachedInfo = nil
        }
        cell.pointee.renew(number: number)
    }
}

extension Node {
    /// Makes a retired node a new node of `atom`, numbered `number`, without a value.
    func renew(number: Int, atom: A) {
        renewCell(number: number)
        NodeBlock.atom(in: cell, A.self).pointee = atom
    }
}
