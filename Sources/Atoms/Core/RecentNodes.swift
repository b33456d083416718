/// The root's nodes that operations from outside the graph found last, so that a program
/// that alternates between a few atoms (a writer setting a source, an effect watching a leaf,
/// a read of that leaf) finds them by comparing keys instead of hashing an `AnyHashable`.
///
/// Four entries, replaced in turn. A released node is forgotten at once, so every entry is a
/// live node of the root (scope 0).
@MainActor
struct RecentNodes {
    private var entries: (NodeBase?, NodeBase?, NodeBase?, NodeBase?) = (nil, nil, nil, nil)
    private var next = 0

    /// The remembered node for `atom`, if there is one.
    func node<A: Atom>(for atom: A) -> Node<A>? {
        let key = atom.key
        guard let found = node(type: ObjectIdentifier(A.self), matches: { Node<A>.hasKey($0, key) }) else { return nil }
        // A node's key holds its atom's type identity, so a node of `A`'s type is a `Node<A>`.
        return unsafeDowncast(found, to: Node<A>.self)
    }

    /// The remembered node of `type` that `matches` (which compares keys), for callers
    /// that compare typed keys themselves.
    func node(type: ObjectIdentifier, matches: (NodeBase) -> Bool) -> NodeBase? {
        if let entry = entries.0, entry.key.type == type, matches(entry) { return entry }
        if let entry = entries.1, entry.key.type == type, matches(entry) { return entry }
        if let entry = entries.2, entry.key.type == type, matches(entry) { return entry }
        if let entry = entries.3, entry.key.type == type, matches(entry) { return entry }
        return nil
    }

    /// Remembers a root node, in place of the oldest entry.
    mutating func remember(_ node: NodeBase) {
        switch next {
        case 0: entries.0 = node
        case 1: entries.1 = node
        case 2: entries.2 = node
        default: entries.3 = node
        }
        next = (next + 1) & 3
    }

    /// Forgets a node that is being released.
    mutating func forget(_ node: NodeBase) {
        if entries.0 === node { entries.0 = nil }
        if entries.1 === node { entries.1 = nil }
        if entries.2 === node { entries.2 = nil }
        if entries.3 === node { entries.3 = nil }
    }
}
