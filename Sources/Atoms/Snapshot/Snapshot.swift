/// The values, dependencies and subscriptions of a store at one moment.
///
/// Take one with ``AtomViewContext/snapshot()`` or receive one from an observer; look values
/// up with ``lookup(_:)``, draw the graph with ``graphDescription()``, and put the values
/// back with ``AtomViewContext/restore(_:)``.
public struct Snapshot {
    /// The commit after which the snapshot was taken.
    public let commitNumber: Int
    /// Every cached atom and its value, ordered by id.
    public let atoms: [AtomValueChange]
    /// Every dependency, ordered by upstream id and then downstream id.
    public let edges: [AtomEdge]
    /// Every subscription, ordered by atom id and then subscriber location.
    public let subscriptions: [AtomSubscription]

    let entries: [AtomKey: SnapshotEntry]
    let entryOrder: [AtomKey]
    let edgeKeys: [(upstream: AtomKey, downstream: AtomKey)]
    /// The numbers of the scopes a scope observer's snapshot is seen from, nearest first.
    var scopeChain: [Int] = []

    /// The value of an atom as it was when the snapshot was taken, or `nil` if the atom was
    /// not cached then.
    ///
    /// A snapshot from ``AtomScope/scopedObserve(_:)`` looks the atom up as the scope sees
    /// it: in the nearest scope that holds it, else in the root.
    public func lookup<Node: Atom>(_ atom: Node) -> Node.Produced? {
        for scope in scopeChain {
            if let entry = entries[AtomKey(atom, scope: scope)] {
                return entry.value as? Node.Produced
            }
        }
        return entries[AtomKey(atom)]?.value as? Node.Produced
    }
}

/// One atom's value in a snapshot, with what it takes to bring the atom back.
struct SnapshotEntry {
    /// The value as tools show it.
    var recordedValue: Any { status ?? value }

    let key: AtomKey
    let info: AtomInfo
    let value: Any
    /// The status tools show instead of the value, for task atoms.
    let status: Any?
    let recreate: @MainActor (AtomStore) -> NodeBase
}
