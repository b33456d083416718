/// What the running transaction did, collected as it happens so that the commit costs
/// O(what changed).
@MainActor
struct TransactionLog: ~Copyable {
    var cause = PendingCause(operation: .read, location: nil)
    /// Nodes whose value changed and propagated, for the change set, kept only while someone
    /// observes commits.
    ///
    /// Held by their cells, unretained: a commit reads thousands of them. A listed node is
    /// alive when the commit is made: it is in the store, or it was released during the
    /// transaction, and a node released while commits are observed is held by `released`
    /// until the next transaction begins. The lists are emptied when observation stops
    /// (`AtomStore.updateRecording()`), so a node released after that is never read from them.
    /// A ``NodeList``, whose append is a capacity check and a store; the store frees it.
    var changed = NodeList()
    /// Nodes recomputed to a value that did not propagate (an equality cut-off), kept only
    /// while someone observes commits: they are recomputes, not changes. Unretained, as
    /// `changed` is.
    var stopped = NodeList()
    var initialized: ContiguousArray<NodeBase> = []
    var released: ContiguousArray<NodeBase> = []
    var releaseCandidates = OwnedReferenceList<NodeBase>()
    var subscribersToNotify = SubscriberQueue()
    var effectEvents: ContiguousArray<(node: NodeBase, event: EffectEvent)> = []
    /// Edge and subscription events, kept only while someone observes commits.
    var edgeEvents: ContiguousArray<(upstream: NodeBase, downstream: NodeBase, added: Bool)> = []
    var subscriptionEvents: ContiguousArray<(node: NodeBase, subscriber: Subscriber, added: Bool)> = []

    /// The lists that can hold the last reference to a released node (released nodes, and
    /// the events that name them), moved out when they hold anything, so that the caller
    /// drops them outside its access to the log. A list moved out leaves an empty one without
    /// capacity behind, which costs an allocation only after a transaction that used it;
    /// empty lists keep theirs. `nil` when all four are empty, the common case: four empty
    /// lists handed back cost four releases at every transaction.
    @inline(__always)
    mutating func takeReferenceHoldingLists() -> ReferenceHoldingLists? {
        // The test inline, the taking out of line: most transactions hold none, and the call
        // alone cost about 20 instructions.
        if released.isEmpty, edgeEvents.isEmpty, effectEvents.isEmpty, subscriptionEvents.isEmpty { return nil }
        return takeFilledReferenceHoldingLists()
    }

    @inline(never)
    private mutating func takeFilledReferenceHoldingLists() -> ReferenceHoldingLists {
        ReferenceHoldingLists(
            released: Self.takeIfFilled(&released),
            edgeEvents: Self.takeIfFilled(&edgeEvents),
            effectEvents: Self.takeIfFilled(&effectEvents),
            subscriptionEvents: Self.takeIfFilled(&subscriptionEvents)
        )
    }

    struct ReferenceHoldingLists {
        var released: ContiguousArray<NodeBase>
        var edgeEvents: ContiguousArray<(upstream: NodeBase, downstream: NodeBase, added: Bool)>
        var effectEvents: ContiguousArray<(node: NodeBase, event: EffectEvent)>
        var subscriptionEvents: ContiguousArray<(node: NodeBase, subscriber: Subscriber, added: Bool)>
    }

    @inline(__always)
    private static func takeIfFilled<Element>(_ list: inout ContiguousArray<Element>) -> ContiguousArray<Element> {
        var taken: ContiguousArray<Element> = []
        if !list.isEmpty { swap(&taken, &list) }
        return taken
    }

    /// Names the node of `cell` as the cause's, compared by address first: a node taken out
    /// of its cell only to be compared was retained and released around the call, about 40
    /// instructions a typed write.
    @inline(__always)
    mutating func setCauseNode(cell: NodeRef) {
        if let named = cause.node, Unmanaged.passUnretained(named).toOpaque() == cell.pointee.node.toOpaque() { return }
        cause.node = cell.pointee.node.takeUnretainedValue()
    }

    /// Empties the log for a new transaction whose cause has these parts; the node, if any,
    /// is given by its cell.
    mutating func reset(operation: CauseOperation, location: SourceLocation?, nodeCell: NodeRef?, label: String?) {
        cause.operationCode = operation
        // Compared before they are assigned: writes from one call site, over and over, keep
        // the same location, node and label, and each assignment retained the new value and
        // released the old, about 90 instructions a transaction.
        if cause.location != location { cause.location = location }
        if let nodeCell {
            setCauseNode(cell: nodeCell)
        } else if cause.node != nil {
            cause.node = nil
        }
        if cause.label != label { cause.label = label }
        changed.removeAll()
        stopped.removeAll()
        initialized.emptyForReuse()
        released.emptyForReuse()
        releaseCandidates.removeAll()
        subscribersToNotify.removeAll()
        effectEvents.emptyForReuse()
        edgeEvents.emptyForReuse()
        subscriptionEvents.emptyForReuse()
    }

}

enum EffectEvent {
    case initialized, updated, released
}

/// The cause of the running transaction, kept cheap until a commit needs it as text.
struct PendingCause {
    var operationCode: CauseOperation
    var node: NodeBase?
    var location: SourceLocation?
    var label: String?

    init(operation: CauseOperation, node: NodeBase? = nil, location: SourceLocation?, label: String? = nil) {
        self.operationCode = operation
        self.node = node
        self.location = location
        self.label = label
    }

    var operation: AtomOperation { operationCode.operation }
}

