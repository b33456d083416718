/// The root's nodes that operations from outside the graph found last, so that a program
/// that alternates between a few atoms (a writer setting a source, an effect watching a leaf,
/// a read of that leaf) finds them by comparing keys instead of hashing an `AnyHashable`.
///
/// Four entries, replaced in turn. A released node is forgotten at once, so every entry is a
/// live node of the root (scope 0).
///
/// The entries are cells (``NodeCell``), unretained: as node references, each lookup retained
/// and released every entry it looked at, about a sixth of a write to an atom with no
/// dependents. Why an entry's node is alive: a node is remembered only while it is in the
/// store's table, it leaves the table only in `release`, and `release` forgets it in the same
/// step (`AtomStore+Release.swift`), before the node can go.
@MainActor
@usableFromInline
struct RecentNodes {
    @usableFromInline private(set) var entries: (NodeRef?, NodeRef?, NodeRef?, NodeRef?) = (nil, nil, nil, nil)
    private var next = 0

    init() {}

    /// The cell of the remembered node of `A` with this key, compared in the caller's module
    /// (the typed `set` and `read` of the root): no call, no closure.
    @inlinable
    @inline(__always)
    func cell<A: Atom>(of _: A.Type, key: A.Key) -> NodeRef? {
        let type = ObjectIdentifier(A.self)
        let entries = entries
        if let entry = entries.0, entry.pointee.atomType == type, Node<A>.hasKey(cell: entry, key) { return entry }
        if let entry = entries.1, entry.pointee.atomType == type, Node<A>.hasKey(cell: entry, key) { return entry }
        if let entry = entries.2, entry.pointee.atomType == type, Node<A>.hasKey(cell: entry, key) { return entry }
        if let entry = entries.3, entry.pointee.atomType == type, Node<A>.hasKey(cell: entry, key) { return entry }
        return nil
    }

    /// The remembered node for `atom`, if there is one.
    func node<A: Atom>(for atom: A) -> Node<A>? {
        // The types first, the key only when one matches: this runs unspecialised, where
        // the key cost a witness call and its type's metadata, about 170 instructions a miss
        // (an atom made anew, its dependencies resolved one by one).
        let type = ObjectIdentifier(A.self)
        let entries = entries
        guard entries.0?.pointee.atomType == type || entries.1?.pointee.atomType == type
            || entries.2?.pointee.atomType == type || entries.3?.pointee.atomType == type
        else { return nil }
        guard let found = cell(of: A.self, key: atom.key) else { return nil }
        // A node's key holds its atom's type identity, so a node of `A`'s type is a `Node<A>`.
        return unsafeDowncast(found.pointee.node.takeUnretainedValue(), to: Node<A>.self)
    }

    /// Remembers a root node, in place of the oldest entry.
    mutating func remember(_ node: NodeBase) {
        let cell = node.cell
        switch next {
        case 0: entries.0 = cell
        case 1: entries.1 = cell
        case 2: entries.2 = cell
        default: entries.3 = cell
        }
        next = (next + 1) & 3
    }

    /// Forgets a node that is being released.
    mutating func forget(_ node: NodeBase) {
        let cell = node.cell
        if entries.0 == cell { entries.0 = nil }
        if entries.1 == cell { entries.1 = nil }
        if entries.2 == cell { entries.2 = nil }
        if entries.3 == cell { entries.3 = nil }
    }
}
