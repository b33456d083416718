/// The container that caches atom values, their dependency graph and their subscriptions.
///
/// An ``AtomRoot`` creates one, or uses one you pass to ``AtomRoot/init(storesIn:)`` so that
/// state outlives the root. Every change to a store happens in a transaction, and every
/// transaction ends in exactly one ``AtomCommit`` that observers receive.
@MainActor
public final class AtomStore {
    /// The number of the last commit. It only grows.
    // Unchecked: the store's one write is `commitNumber += 1`, which runs no other code while
    // it is open, and every other access is a read, so no two can overlap; checked, it cost
    // about 75 instructions a transaction.
    @exclusivity(unchecked) public internal(set) var commitNumber = 0

    // The fields marked `@exclusivity(unchecked)` skip the runtime's exclusivity check; why
    // no two accesses to them can overlap is proved at ``NodeBase``.

    /// Every live node by its atom key.
    let nodes = NodeTable()
    /// Redacted-id ordinals of sensitive atoms' keys, and how many each type has given out.
    var sensitiveOrdinals: [SensitiveKey: Int] = [:]
    var sensitiveCounts: [String: Int] = [:]
    /// The root nodes `lookupNode` found last; a released node leaves at once.
    @usableFromInline @exclusivity(unchecked) var recentNodes = RecentNodes()
    /// The last few released nodes, for atoms that come back. Its accesses are `retire` and
    /// `remove`, which run no other code (a node evicted is dropped by the caller after the
    /// access), and the read `node(for:)`, whose key comparisons run after its copy is made.
    @exclusivity(unchecked) var retiredNodes = RetiredNodes()
    var overrides = OverrideTable() {
        didSet { hasOverrides = !overrides.isEmpty }
    }
    /// Whether `overrides` holds any, kept so that every evaluation asks a flag instead of
    /// the table (whose accesses stay checked: setting an override hashes the atom's key).
    @usableFromInline @exclusivity(unchecked) private(set) var hasOverrides = false
    @exclusivity(unchecked) var nextNumber = 1
    @usableFromInline @exclusivity(unchecked) var nextToken = 1
    @exclusivity(unchecked) var epoch = 0
    @exclusivity(unchecked) private var lastObserverToken = 0

    /// Evaluation frames by nesting depth; the first `evaluationDepth` are in use. Frames
    /// beyond the first chunk are freed when every evaluation has returned.
    @usableFromInline @exclusivity(unchecked) var frames = EvaluationFrames()
    @usableFromInline @exclusivity(unchecked) var evaluationDepth = 0
    /// Nodes marked during the running transaction, in marking order.
    ///
    /// Not retained (marking and settling would otherwise retain and release every node
    /// twice): every node in it is a live node, which `nodes` holds, and nodes are released
    /// only after settling has emptied it (`releaseUnused` runs once `stabilize` and the
    /// effects leave nothing marked; evaluations and effects that run meanwhile join the
    /// transaction, so nothing they do releases a node).
    ///
    /// A ``NodeList``, which the store frees: emptying it is setting its count, where an array
    /// of cells went through the standard library's general `replaceSubrange` at every write.
    @exclusivity(unchecked) var marked = NodeList()
    /// Memory for the next dependency list a recomputation makes (`replaceDependencies`), the
    /// last list replaced; a ``NodeList`` the store frees.
    @exclusivity(unchecked) var spareDependencies = NodeList()
    /// The traversal stack of marking, kept between writes so that marking allocates nothing.
    /// Not retained, for the reason `marked` is not; a ``NodeList`` the store frees.
    @exclusivity(unchecked) var markStack = NodeList()
    /// The traversal stack of pulling (`ensureFresh`), kept for the same reason. Not retained:
    /// its first node is the caller's, and every other one is upstream of the node above it,
    /// which keeps it from release (``NodeList``).
    @exclusivity(unchecked) var pullStack: ContiguousArray<(cell: NodeRef, next: Int)> = []
    @exclusivity(unchecked) var transactionDepth = 0
    /// The node a refresh is re-evaluating, so that the runs it starts know they refresh.
    @exclusivity(unchecked) var refreshingNode: NodeBase?
    @exclusivity(unchecked) var log = TransactionLog()

    /// The record of the last commit, until the next transaction begins or observation
    /// changes: if an observer kept the commit, its change set is built then, while its values
    /// are still the commit's (`settlePendingCommit()`).
    ///
    /// Exclusivity, here and for `spareCommit` and `scopeObservers`: not checked at run time,
    /// which cost about 230 instructions a commit while anything observes. Each access is a
    /// single read or assignment on the main actor; the record or list read is a copy, and
    /// the code run with it (a change set built, an observer called) runs after the access
    /// has ended.
    @exclusivity(unchecked) var pendingCommit: CommitRecord?
    /// An emptied record whose lists keep their capacity, for the next commit.
    @exclusivity(unchecked) var spareCommit: CommitRecord?
    let commitObservers = CommitObserverList()
    var liveIDs: [AtomID: ObjectIdentifier] = [:]
    var subscriberNames: [SourceLocation: Int] = [:]
    /// How many scopes took each name, so that every scope's name is unique.
    var scopeNames: [String: Int] = [:]
    @exclusivity(unchecked) var scopeObservers: [ScopeObserver] = [] {
        didSet { updateRecording() }
    }

    /// Creates an empty store.
    public init() {}

    // Nodes and subscribers refer to each other (a node's subscribers and what each
    // subscriber watches, an async node's late dependencies): cycles that the store's
    // dictionary does not own alone. Without breaking them, every node still alive when its
    // store goes away would stay in memory, with its value and its subscribers. Upstream and
    // downstream lists retain nothing (`NodeList`), so they form no cycle.
    isolated deinit {
        frames.removeAll()
        log.changed.deallocate()
        log.stopped.deallocate()
        marked.deallocate()
        markStack.deallocate()
        spareDependencies.deallocate()
        stopAllWork()
        for node in nodes.values {
            node.lateUpstream.removeAll()
            for subscriber in node.subscribers.items {
                subscriber.removeAllWatched()
            }
            node.subscribers.removeAll()
        }
    }

    /// Cancels the work of every async atom: tasks, sequences, subscriptions and object
    /// observations. A run's work holds what its atom computed with, the store included, so
    /// a store whose owner is gone would otherwise stay alive until that work ends by
    /// itself, which for a stream or an observation is never.
    func stopAllWork() {
        for node in nodes.values {
            guard let run = node.asyncRun else { continue }
            node.asyncRun = nil
            run.cancel()
        }
    }

    /// Receives every commit of this store until the returned observation is cancelled or
    /// released.
    ///
    /// Registering an observer turns on change tracking; without observers the store builds
    /// no change sets at all.
    public func observeCommits(_ body: @escaping @MainActor (AtomCommit) -> Void) -> AtomObservation {
        let id = nextNumber
        nextNumber += 1
        commitObservers.append(id: id, body: body)
        updateRecording()
        return AtomObservation(observers: commitObservers, id: id)
    }

    /// Captures the values, dependencies and subscriptions of the whole store: O(store
    /// size), for a recorder's first keyframe or a debugger's on-demand view.
    public func snapshot() -> Snapshot {
        makeSnapshot()
    }

    /// Removes the observers cancelled since the last transaction, and stops tracking changes
    /// if none is left: before a transaction begins (after the pending commit is settled) and
    /// before a commit is made.
    @inline(__always)
    func pruneCancelledObservers() {
        // The list is asked inline: the call alone was about 17 instructions, twice a commit.
        if commitObservers.hasCancelled, commitObservers.removeCancelled() { updateRecording() }
    }

    /// Whether transactions collect what they change: for commit observers and for scope
    /// observers, which need to know which scopes a commit concerns. Stored, because the hot
    /// path asks for every changed atom.
    @exclusivity(unchecked) private(set) var isRecording = false

    private func updateRecording() {
        settlePendingCommit()
        let wasRecording = isRecording
        isRecording = !commitObservers.isEmpty || !scopeObservers.isEmpty
        guard isRecording != wasRecording else { return }
        if !isRecording {
            // Unretained, their nodes may go from now on unseen (see `TransactionLog.changed`).
            log.changed.removeAll()
            log.stopped.removeAll()
        }
        // Commits tell changes from recomputes against the value each atom had when the
        // previous commit settled, or when observation began.
        for node in nodes.values {
            if isRecording { node.keepCommittedValue() } else { node.dropCommittedValue() }
        }
    }

    /// The ordinal of a sensitive atom's key within its type, assigned on first use and kept
    /// for the store's life, so that the same key always gets the same redacted id.
    func sensitiveOrdinal(typeName: String, key: AnyHashable) -> Int {
        let identity = SensitiveKey(typeName: typeName, key: key)
        if let ordinal = sensitiveOrdinals[identity] { return ordinal }
        let ordinal = (sensitiveCounts[typeName] ?? 0) + 1
        sensitiveCounts[typeName] = ordinal
        sensitiveOrdinals[identity] = ordinal
        return ordinal
    }

    func makeNumber() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// Gives a node its description now, if it has none yet, as a commit does for every atom
    /// it names: the id is chosen among the ids live at that moment, and a released atom's id
    /// is freed only if it had one.
    @inline(__always)
    func ensureInfo(_ node: NodeBase) {
        if !node.hasInfo { _ = info(for: node) }
    }

    func info(for node: NodeBase) -> AtomInfo {
        if let info = node.cachedInfo { return info }
        let info = node.makeInfo(store: self)
        node.cachedInfo = info
        return info
    }

    /// Gives a node its id, adding a suffix in the rare case that two live atoms describe
    /// themselves the same way.
    func uniqueID(for node: NodeBase, text: String) -> AtomID {
        var candidate = AtomID(text)
        var suffix = 2
        while let owner = liveIDs[candidate], owner != ObjectIdentifier(node) {
            candidate = AtomID("\(text) #\(suffix)")
            suffix += 1
        }
        liveIDs[candidate] = ObjectIdentifier(node)
        return candidate
    }
}

/// A registration of a commit observer. Cancelling it, or releasing it, stops delivery.
@MainActor
public final class AtomObservation {
    /// The store's observer list, not the store: see `CommitObserverList`.
    private let observers: CommitObserverList
    private let id: Int
    private var isCancelled = false

    init(observers: CommitObserverList, id: Int) {
        self.observers = observers
        self.id = id
    }

    /// Stops delivering commits.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        observers.cancel(id: id)
    }

    isolated deinit {
        cancel()
    }
}

/// A sensitive atom's key within its type, for numbering redacted ids. It lives only in the
/// store's memory.
struct SensitiveKey: Hashable {
    let typeName: String
    let key: AnyHashable
}

extension AtomStore {
    /// A number no other call on this store returns, never 0: an observer's name for what it
    /// keeps in atoms' cells (``CommittedAtom/keepObserverState(_:token:)``).
    @_spi(Recording)
    public func makeObserverToken() -> Int {
        lastObserverToken += 1
        return lastObserverToken
    }
}
