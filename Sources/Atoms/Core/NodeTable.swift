/// A store's live nodes by atom key: open addressing with linear probing, each slot holding a
/// node and its key's hash.
///
/// It replaced a `[AtomKey: NodeBase]`. An atom that comes back after its node was released
/// (kairo's unstable shape switches between two at every write) costs a failed lookup, an
/// insertion and a removal. Through the dictionary each hashed the key with SipHash (about
/// 250 instructions a time) and paid the runtime's exclusivity check on the store's property
/// (about 110). Here a key's hash is a multiply and a shift of what the key already holds
/// (``AtomKey/tableHash``), a removal finds its node by identity with no hashing, and the
/// table's own fields are checked at compile time only (see the proof below).
///
/// Equality of two keys runs the atom key's `==`, which is user code. A lookup calls it only
/// between its reads of the table, and starts over if the table changed meanwhile
/// (`version`); insertion, removal and growth call no user code, and never free a node: the
/// caller of ``remove(_:)`` holds the node, and growth moves references without releasing
/// the last one.
@MainActor
final class NodeTable {
    // Why `@exclusivity(unchecked)` is safe: every access to these fields is a load or a store
    // inside one method, with no call between the start and the end of an access that could
    // reach this table again. The only calls out are `AtomKey.==` in `node(for:)`, made after
    // the slot's node was copied into a local and before the next read of a field, and the
    // releases of `remove(_:)` and `deinit`, which free nothing here (the caller holds the
    // node) or happen when nothing can reach the table.
    @exclusivity(unchecked) private var hashes: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var nodes: UnsafeMutablePointer<NodeBase?>
    @exclusivity(unchecked) private var mask: Int
    /// How many nodes the table holds.
    @exclusivity(unchecked) private(set) var count = 0
    /// Changed by every insertion and removal, so that a lookup whose key comparison ran
    /// code that changed the table starts over.
    @exclusivity(unchecked) private var version = 0

    /// The fewest slots a table has.
    private static let initialCapacity = 16

    init() {
        mask = Self.initialCapacity - 1
        hashes = .allocate(capacity: Self.initialCapacity)
        nodes = .allocate(capacity: Self.initialCapacity)
        nodes.initialize(repeating: nil, count: Self.initialCapacity)
    }

    isolated deinit {
        nodes.deinitialize(count: mask + 1)
        nodes.deallocate()
        hashes.deallocate()
    }

    /// Whether the table holds no node.
    var isEmpty: Bool { count == 0 }

    /// The node of `key`, if the table holds one.
    func node(for key: AtomKey) -> NodeBase? {
        let hash = key.tableHash
        search: while true {
            let version = self.version
            var slot = hash & mask
            while let node = nodes[slot] {
                if hashes[slot] == hash {
                    // `==` is the atom key's, which may run any code.
                    let found = node.key == key
                    guard self.version == version else { continue search }
                    if found { return node }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Adds `node` under its key; the table must not hold a node of that key.
    func insert(_ node: NodeBase) {
        if 2 * (count + 1) > mask + 1 {
            grow()
        }
        let hash = node.key.tableHash
        var slot = hash & mask
        while nodes[slot] != nil {
            slot = (slot + 1) & mask
        }
        hashes[slot] = hash
        nodes[slot] = node
        count += 1
        version &+= 1
    }

    /// Takes `node` out, found by identity; does nothing if the table does not hold it. The
    /// caller holds `node`, so the table's reference is never its last.
    func remove(_ node: NodeBase) {
        var slot = node.key.tableHash & mask
        while true {
            guard let held = nodes[slot] else { return }
            if held === node { break }
            slot = (slot + 1) & mask
        }
        nodes[slot] = nil
        count -= 1
        version &+= 1
        // Moves back each later node of the run that would no longer be found past the hole
        // (a node whose home slot is not between the hole and where it lies), so that a run
        // never has a gap and no slot needs a tombstone.
        var hole = slot
        var next = (slot + 1) & mask
        while nodes[next] != nil {
            let home = hashes[next] & mask
            let reachable = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !reachable {
                hashes[hole] = hashes[next]
                (nodes + hole).moveUpdate(from: nodes + next, count: 1)
                (nodes + next).initialize(to: nil)
                hole = next
            }
            next = (next + 1) & mask
        }
    }

    /// Every node, in no particular order: a copy, so the table may change while it is
    /// walked.
    var values: [NodeBase] {
        var values: [NodeBase] = []
        values.reserveCapacity(count)
        for slot in 0...mask {
            if let node = nodes[slot] { values.append(node) }
        }
        return values
    }

    /// Doubles the slots, placing every node again by its hash kept in the table.
    private func grow() {
        let oldCapacity = mask + 1
        let oldHashes = hashes
        let oldNodes = nodes
        let capacity = 2 * oldCapacity
        mask = capacity - 1
        hashes = .allocate(capacity: capacity)
        nodes = .allocate(capacity: capacity)
        nodes.initialize(repeating: nil, count: capacity)
        for old in 0..<oldCapacity where oldNodes[old] != nil {
            let hash = oldHashes[old]
            var slot = hash & mask
            while nodes[slot] != nil {
                slot = (slot + 1) & mask
            }
            hashes[slot] = hash
            (nodes + slot).moveUpdate(from: oldNodes + old, count: 1)
            (oldNodes + old).initialize(to: nil)
        }
        oldNodes.deinitialize(count: oldCapacity)
        oldNodes.deallocate()
        oldHashes.deallocate()
        version &+= 1
    }
}
