/// What one commit changed, as the store's nodes: what ``AtomCommit`` is made of.
///
/// The ``AtomChangeSet`` of a commit, with an ``AtomInfo`` and a boxed value per change, is
/// built from it only when someone asks for it, and once: a recorder reads the nodes
/// directly (``CommittedAtom``) and never pays for it. Its values are the commit's as long as
/// no later transaction has begun and commits are still observed, so the store builds the
/// change set of a record that someone kept before either can happen
/// (`AtomStore.settlePendingCommit()`).
///
/// Exclusivity: the fields are not checked at run time (each check cost about 90 instructions,
/// nine times a commit, and eight more for a recorder reading the lists). They follow the
/// engine's proof (at ``NodeBase``): every access is a read, an append, a `swap` or an
/// emptying, on the main actor, and none calls code that could reach the record. The one that
/// can run user code, emptying lists whose last reference to a node goes (its deinit destroys
/// the atom's value), happens in `removeAll()`, when nothing but the store holds the record.
@MainActor
final class CommitRecord {
    // The atom lists are memory the record owns (``CommittedAtoms``), freed in `deinit`.
    @exclusivity(unchecked) var initialized = CommittedAtomStorage()
    @exclusivity(unchecked) var updated = CommittedAtomStorage()
    @exclusivity(unchecked) var recomputed = CommittedAtomStorage()
    @exclusivity(unchecked) var released = CommittedAtomStorage()
    @exclusivity(unchecked) var edgesAdded: ContiguousArray<CommittedEdge> = []
    @exclusivity(unchecked) var edgesRemoved: ContiguousArray<CommittedEdge> = []
    @exclusivity(unchecked) var subscriptionsAdded: ContiguousArray<CommittedSubscription> = []
    @exclusivity(unchecked) var subscriptionsRemoved: ContiguousArray<CommittedSubscription> = []
    /// What started the transaction; its node's info is made when the commit is, so that the
    /// cause names the atom as the change set does.
    @exclusivity(unchecked) var cause = PendingCause(operation: .set, location: nil)
    @exclusivity(unchecked) private var changeSet: AtomChangeSet?
    /// The nodes of the atom lists, retained once the record outlives its transaction: the
    /// lists hold cells, unretained (``CommittedAtom``).
    @exclusivity(unchecked) private var keptNodes: ContiguousArray<NodeBase> = []

    isolated deinit {
        initialized.deallocate()
        updated.deallocate()
        recomputed.deallocate()
        released.deallocate()
    }

    /// A view of one of the atom lists, which keeps this record.
    func atoms(_ storage: CommittedAtomStorage) -> CommittedAtoms {
        CommittedAtoms(storage, owner: self)
    }

    /// Whether any list but `updated` holds anything.
    var hasMoreThanUpdates: Bool {
        !initialized.isEmpty || !recomputed.isEmpty || !released.isEmpty || !edgesAdded.isEmpty
            || !edgesRemoved.isEmpty || !subscriptionsAdded.isEmpty || !subscriptionsRemoved.isEmpty
    }

    /// The change set, built the first time it is asked for.
    func changes(in store: AtomStore) -> AtomChangeSet {
        if let changeSet { return changeSet }
        var changes = AtomChangeSet()
        changes.initialized = atoms(initialized).map { AtomValueChange(atom: store.info(for: $0.node), value: $0.value) }
        changes.updated = atoms(updated).map { AtomValueChange(atom: store.info(for: $0.node), value: $0.value) }
        changes.recomputed = atoms(recomputed).map { store.info(for: $0.node) }
        changes.released = atoms(released).map { store.info(for: $0.node) }
        changes.edgesAdded = edgesAdded.map { AtomEdge(upstream: store.info(for: $0.upstream), downstream: store.info(for: $0.downstream)) }
        changes.edgesRemoved = edgesRemoved.map { AtomEdge(upstream: store.info(for: $0.upstream), downstream: store.info(for: $0.downstream)) }
        changes.subscriptionsAdded = subscriptionsAdded.map { AtomSubscription(atom: store.info(for: $0.node), subscriber: $0.subscriberInfo) }
        changes.subscriptionsRemoved = subscriptionsRemoved.map { AtomSubscription(atom: store.info(for: $0.node), subscriber: $0.subscriberInfo) }
        changeSet = changes
        return changes
    }

    /// Keeps the record's nodes alive for as long as the record: for a record someone kept,
    /// before the transaction after it can release them.
    func keepNodes() {
        guard keptNodes.isEmpty else { return }
        for list in [initialized, updated, recomputed, released] {
            for atom in atoms(list) { keptNodes.append(atom.node) }
        }
    }

    /// Empties the lists for the next commit, keeping their capacity.
    ///
    /// Removing a released node's last reference runs its deinit, which destroys the atom's
    /// value (user code). Nothing else can reach this record's lists meanwhile: the store has
    /// already let go of it as its pending record, so a transaction that code starts makes its
    /// commit in another record.
    func removeAll() {
        // Only when there is one: assigning `nil` destroyed the optional change set (eight
        // arrays) through its value witness at every commit, about 30 instructions.
        if changeSet != nil { changeSet = nil }
        // The rest of the cause is replaced by the next commit's; the node goes now, so that
        // a released atom's node is not kept alive by the spare record.
        cause.node = nil
        keptNodes.emptyForReuse()
        initialized.removeAll()
        updated.removeAll()
        recomputed.removeAll()
        released.removeAll()
        edgesAdded.emptyForReuse()
        edgesRemoved.emptyForReuse()
        subscriptionsAdded.emptyForReuse()
        subscriptionsRemoved.emptyForReuse()
    }
}
