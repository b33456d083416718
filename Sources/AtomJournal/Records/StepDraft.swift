/// A step as its bytes are written: its values and patches already encoded, its lists
/// reused from step to step.
///
/// The recorder fills one draft in place for every commit and the writer encodes it, so a
/// commit copies no record and, once the lists have grown, allocates nothing for them. Every
/// other writer turns its ``JournalStep`` into a draft first (``init(_:)``): one encoder, so
/// that both write the same bytes.
struct StepDraft: ~Copyable {
    var commit = 0
    var time: Int64 = 0
    private(set) var operation = ""
    /// The journal's code for `operation` (``OperationCode``), found again only when the
    /// operation differs from the last step's: the lookup compared the name with each known
    /// one, about 30 to 100 instructions a step.
    private(set) var operationCode: UInt8 = 0
    var causeAtom: Int?
    var causeLocation: Int?
    var label: String?
    var initialized = EncodedValueEntries()
    var updated = EncodedValueEntries()
    var recomputed: [Int] = []
    var patches = EncodedPatches()
    var released: [Int] = []
    var edgesAdded: [JournalEdge] = []
    var edgesRemoved: [JournalEdge] = []
    var subscriptionsAdded: [JournalSubscription] = []
    var subscriptionsRemoved: [JournalSubscription] = []

    init() {}

    /// The draft of a step held as a record.
    init(_ step: JournalStep) {
        start(commit: step.commit, time: step.time, operation: step.operation)
        causeAtom = step.causeAtom
        causeLocation = step.causeLocation
        label = step.label
        for entry in step.initialized { initialized.append(atom: entry.atom, value: entry.value) }
        for entry in step.updated { updated.append(atom: entry.atom, value: entry.value) }
        recomputed = step.recomputed
        for patch in step.patches {
            patches.beginPatch()
            patches.pending.arrayEdits(patch.edits)
            patches.endPatch(atom: patch.atom)
        }
        released = step.released
        edgesAdded = step.edgesAdded
        edgesRemoved = step.edgesRemoved
        subscriptionsAdded = step.subscriptionsAdded
        subscriptionsRemoved = step.subscriptionsRemoved
    }

    /// Empties the draft for the next step, keeping every list's capacity.
    mutating func start(commit: Int, time: Int64, operation: String) {
        self.commit = commit
        self.time = time
        if operation != self.operation {
            self.operation = operation
            operationCode = OperationCode.code(for: operation)
        }
        causeAtom = nil
        causeLocation = nil
        label = nil
        // Most steps fill two or three of these lists: an empty one is left alone, since
        // emptying costs a uniqueness check and a call even when there is nothing to remove.
        if !initialized.isEmpty { initialized.removeAll() }
        if !updated.isEmpty { updated.removeAll() }
        Self.empty(&recomputed)
        if !patches.isEmpty { patches.removeAll() }
        Self.empty(&released)
        Self.empty(&edgesAdded)
        Self.empty(&edgesRemoved)
        Self.empty(&subscriptionsAdded)
        Self.empty(&subscriptionsRemoved)
    }

    @inline(__always)
    private static func empty<Element>(_ list: inout [Element]) {
        if !list.isEmpty { list.removeAll(keepingCapacity: true) }
    }
}
