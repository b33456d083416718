/// One cached atom in a store: its place in the graph and its bookkeeping.
///
/// The graph fields live here, in a non-generic base class, so that propagation touches
/// them directly; everything that needs the atom's types lives in ``Node``.
///
/// Exclusivity: the fields marked `@exclusivity(unchecked)` here, in ``Node``, ``AtomStore``,
/// ``EvaluationFrame`` and ``Subscriber`` skip the runtime's dynamic exclusivity check (a
/// quarter of the instructions of a write). That check can only fire when two accesses to one
/// field overlap, and for these fields they never do:
/// 1. Every class that holds them is `@MainActor`, so no two threads access them at once
///    (``DeepEvaluation`` lends the main actor to one helper thread while the caller blocks,
///    which keeps that true).
/// 2. On one thread, accesses overlap only when a long access (an `inout`, a mutating
///    method, a `swap`) is open while other code runs. The engine's long accesses to these
///    fields are `append`, `removeAll`, `popLast`, subscripts, `IdentitySet.insert`/`remove`
///    (which compare references and nothing else) and `swap` of two distinct fields: none of
///    them calls back into the engine or into user code (atom functions, effects, hashing,
///    `==`, observers, `onUpdate`), so nothing can touch the field before the access ends.
/// 3. User code runs only between such accesses, from plain reads and calls. That includes
///    deinits: a released node's deinit destroys the atom's value, so the lists that may hold
///    a node's last reference are moved out of the log and dropped after its access ends
///    (`beginTransaction`), and the commit's own lists are emptied before they go back.
/// Fields that user code can run inside of keep their checks: `scopeObservers` (its
/// `didSet`), `effect`. The store's `nodes` is a `let` of a ``NodeTable``, whose own fields
/// are unchecked by the same rule, proved there: it runs a key's `==` only between accesses.
/// A new long access to one of these fields that runs other code must drop the attribute.
@MainActor
@usableFromInline
class NodeBase {
    @usableFromInline
    enum Mark: UInt8 {
        /// The value is current.
        case clean
        /// An upstream atom may have changed: check the upstream atoms before using it.
        case check
        /// An upstream atom changed: recompute before using it.
        case dirty
    }

    /// The atom's number in its store, kept in the cell, where a recycled node takes a new
    /// one (``RetiredNodes``).
    @usableFromInline var number: Int { cell.pointee.number }
    @usableFromInline let key: AtomKey
    /// The fields propagation touches on every node it reaches (``NodeCell``), owned by the
    /// node; the properties below that forward to it keep the rest of the engine unchanged.
    ///
    /// `nonisolated(unsafe)` so that ``NodeList`` (a plain collection, not main-actor
    /// isolated) can compare and store it. Safe: it is a `let`, written once before the node
    /// is shared, so reading the pointer never races; every access to the memory it points
    /// to is made by main-actor code (the cell's own `node` is a `let` as well).
    @usableFromInline nonisolated(unsafe) let cell: NodeRef
    let hasEffect: Bool
    /// The scope that owns the node, whose chain its evaluation resolves atoms in; `nil` for
    /// the root.
    let scope: ScopeState?

    /// Upstream atoms in the order the last evaluation watched them, without duplicates.
    /// Unretained, and owned by the cell (``NodeList``): changed only through
    /// `exchangeUpstream(with:)` and the methods beside it.
    var upstream: NodeList { cell.pointee.upstream }
    /// Downstream atoms; unretained, for the reason `upstream` is.
    var downstream: IdentitySet<NodeList> {
        _read { yield cell.pointee.downstream }
        _modify { yield &cell.pointee.downstream }
    }
    var subscribers: IdentitySet<ContiguousArray<Subscriber>> {
        _read { yield cell.pointee.subscribers }
        _modify { yield &cell.pointee.subscribers }
    }
    var mark: Mark {
        get { cell.pointee.mark }
        set { cell.pointee.mark = newValue }
    }
    var isAlive: Bool {
        get { cell.pointee.isAlive }
        set { cell.pointee.isAlive = newValue }
    }
    /// Cleared when the node's scope ends, so that the scope releases it like any other.
    var isKeepAlive: Bool {
        get { cell.pointee.isKeepAlive }
        set { cell.pointee.isKeepAlive = newValue }
    }
    var isEvaluating: Bool {
        get { cell.pointee.isEvaluating }
        set { cell.pointee.isEvaluating = newValue }
    }
    /// The epoch of the transaction in which a restore set the value directly.
    var restoredEpoch: Int {
        get { cell.pointee.restoredEpoch }
        set { cell.pointee.restoredEpoch = newValue }
    }
    /// Whether a refresh keeps the node alive until its work delivers.
    var isHeld: Bool {
        get { cell.pointee.isHeld }
        set { cell.pointee.isHeld = newValue }
    }
    /// Whether the node holds a value (``Node``'s `slot` is initialized).
    var hasValue: Bool {
        get { cell.pointee.hasValue }
        set { cell.pointee.hasValue = newValue }
    }
    /// The node's recomputation compiled for its atom type, installed by the typed entry
    /// points that first watch it; `nil` until then, when `evaluate(in:)` runs instead.
    var typedEvaluate: TypedEvaluation? {
        get { cell.pointee.typedEvaluate }
        set { cell.pointee.typedEvaluate = newValue }
    }
    /// The token of the last evaluation that watched this node, to skip duplicates cheaply.
    var watchToken: Int {
        get { cell.pointee.watchToken }
        set { cell.pointee.watchToken = newValue }
    }
    /// The epoch of the last transaction that changed the value.
    var changedEpoch: Int {
        get { cell.pointee.changedEpoch }
        set { cell.pointee.changedEpoch = newValue }
    }
    /// The epoch of the transaction that initialized the node.
    var initializedEpoch: Int {
        get { cell.pointee.initializedEpoch }
        set { cell.pointee.initializedEpoch = newValue }
    }

    var cachedInfo: AtomInfo? {
        didSet { cell.pointee.hasInfo = cachedInfo != nil }
    }
    /// Whether `cachedInfo` is set, asked without copying it.
    var hasInfo: Bool { cell.pointee.hasInfo }
    /// The value the last commit reported, kept only while commits are observed, so that the
    /// next commit can tell a change from a recompute to an equal value. It is the same value
    /// the node holds between commits (copy-on-write), so it costs no copy.
    @exclusivity(unchecked) private(set) var committedValue: Any?
    /// Whether `committedValue` holds a value, asked without copying it: testing the
    /// optional itself copied the `Any` out and destroyed the copy through the runtime, about
    /// 210 instructions at every release of an atom (`canRetire`). Both change only
    /// together, through `setCommittedValue(_:)`.
    @exclusivity(unchecked) private(set) var hasBoxedCommittedValue = false

    private func setCommittedValue(_ value: Any?) {
        hasBoxedCommittedValue = value != nil
        committedValue = value
    }

    /// The asynchronous work the last evaluation started, for async atoms.
    @exclusivity(unchecked) var asyncRun: AsyncRun?
    /// What tools show for an atom whose value is not what it means to a person: a task
    /// atom's value is a `Task`, its status the `AsyncPhase` of that task.
    var asyncStatus: Any?
    /// The dependencies that async work added after its evaluation returned. A new
    /// evaluation keeps them (its own work will likely watch them again after its `await`)
    /// until that work finishes without watching them.
    @exclusivity(unchecked) var lateUpstream: ContiguousArray<NodeBase> = []
    /// Whether the atom starts asynchronous work when it is evaluated. A constant, so that
    /// synchronous atoms pay nothing for async support on the hot path.
    let startsAsyncWork: Bool
    /// Whether the node is recomputed when an upstream task atom's status changes (`.phase`).
    let followsAsyncStatus: Bool
    /// Whether the node can be kept for reuse once released (``RetiredNodes``): an atom of the
    /// root, synchronous, without an effect or `KeepAlive`, and of exactly its static type
    /// (an instance of a subclass of a class atom has traits of its own).
    let isRecyclable: Bool
    /// Whether the atom's static type is not a class, so that every atom of it has exactly
    /// that type: a retired node is given back without asking the runtime for the new atom's
    /// dynamic type (about 50 instructions).
    let atomIsValueType: Bool

    /// - Parameter cell: Uninitialized memory for the cell, at the start of a block from
    ///   ``NodeBlock``, which the node now owns.
    init(
        cell: NodeRef, number: Int, key: AtomKey, scope: ScopeState?, isKeepAlive: Bool, hasEffect: Bool, startsAsyncWork: Bool,
        followsAsyncStatus: Bool, isExactType: Bool, atomIsValueType: Bool
    ) {
        self.cell = cell
        self.atomIsValueType = atomIsValueType
        self.startsAsyncWork = startsAsyncWork
        isRecyclable = isExactType && scope == nil && !hasEffect && !startsAsyncWork && !isKeepAlive
        self.key = key
        self.scope = scope
        self.hasEffect = hasEffect
        self.followsAsyncStatus = followsAsyncStatus
        cell.initialize(to: NodeCell(
            node: Unmanaged.passUnretained(self),
            number: number,
            atomType: key.type,
            startsAsyncWork: startsAsyncWork,
            isScoped: scope != nil,
            hasEffect: hasEffect,
            isKeepAlive: isKeepAlive
        ))
    }

    isolated deinit {
        cell.pointee.upstream.deallocate()
        cell.pointee.downstream.deallocate()
        cell.deinitialize(count: 1)
        // The whole block: the atom and the value after the cell were deinitialized by `Node`.
        UnsafeMutableRawPointer(cell).deallocate()
    }

    /// Makes `new` the upstream list and hands back the one it replaces, whose memory the
    /// caller now owns.
    func exchangeUpstream(with new: NodeList) -> NodeList {
        let old = cell.pointee.upstream
        cell.pointee.upstream = new
        return old
    }

    func appendUpstream(_ node: NodeBase) {
        cell.pointee.upstream.append(node)
    }

    func removeUpstream(at position: Int) {
        cell.pointee.upstream.remove(at: position)
    }

    func removeAllUpstream() {
        cell.pointee.upstream.removeAll()
    }

    /// Whether nothing holds the node: it is released at the end of the transaction.
    var isUnused: Bool { cell.pointee.isUnused }

    /// The value as journals and tools show it.
    var recordedValue: Any? {
        // Only async atoms have a status; the check keeps the others from copying an `Any?`.
        startsAsyncWork ? (asyncStatus ?? anyValue) : anyValue
    }

    /// Makes the recorded value the one the last commit reported, the base of the next
    /// commit's comparison.
    func keepCommittedValue() {
        committedRevision &+= 1
        setCommittedValue(recordedValue)
    }

    /// Forgets the committed value, when nothing observes commits any more.
    func dropCommittedValue() {
        committedRevision &+= 1
        setCommittedValue(nil)
    }

    /// The committed value, boxed: what the last commit reported, whatever the node has
    /// computed since.
    var committedAnyValue: Any? { committedValue }

    /// Counts the committed values the node has had (``CommittedState/revision``).
    var committedRevision: Int {
        get { cell.pointee.committed.revision }
        set { cell.pointee.committed.revision = newValue }
    }

    /// Where a synchronous atom's committed value is (``CommittedState/address``).
    var committedAddress: UnsafeMutableRawPointer? { cell.pointee.committed.address }

    func setCommittedAddress(_ address: UnsafeMutableRawPointer?, type: any Any.Type) {
        cell.pointee.committed.address = address
        cell.pointee.committed.type = type
    }

    /// Whether the recorded value differs from the committed one by the one rule
    /// (``ValueChangeRule``); the recorded value then becomes the committed one.
    func commitChange() -> Bool { false }

    /// `commitChange()` for an atom whose committed value is kept boxed (an asynchronous one).
    func commitBoxedChange(kind: AtomKind) -> Bool {
        let value = recordedValue
        committedRevision &+= 1
        defer { setCommittedValue(value) }
        return ValueChangeRule.differs(committedValue, value, kind: kind)
    }

    // The members below are implemented by `Node`; these bodies are never reached because
    // every node is a `Node<A>`. They return neutral values instead of trapping.

    /// Recomputes the value; returns whether the change propagates.
    @usableFromInline
    func evaluate(in store: AtomStore) -> Bool { false }

    /// The cached value.
    var anyValue: Any? { nil }

    /// Destroys the value of a released node that is being retired (``RetiredNodes``).
    func forgetValue() {}

    /// The atom's id for a precondition message.
    func diagnosticName() -> String { "?" }

    /// Describes the atom for tools.
    func makeInfo(store: AtomStore) -> AtomInfo {
        AtomInfo(number: number, id: AtomID("?"), kind: .value, valueType: "?", isKeepAlive: isKeepAlive, isSensitive: false)
    }

    /// Puts a value captured by a snapshot back; returns whether it differs from the current one.
    func restore(value: Any) -> Bool { false }

    /// Decodes a stored value into the atom's own type and puts it back.
    func restore(decoding encoded: any AtomEncodedValue) -> ValueRestoreOutcome { .skipped(.notDecodable(valueType: "?")) }

    /// Whether the atom replaces reset with a custom one.
    var customReset: (@MainActor (AtomCurrentContext) -> Void)? { nil }

    func effectInitialize(context: AtomCurrentContext) {}
    func effectUpdated(context: AtomCurrentContext) {}
    func effectReleased(context: AtomCurrentContext) {}

    /// An entry that lets a snapshot look the value up and restore it later.
    func snapshotEntry(store: AtomStore) -> SnapshotEntry? { nil }
}

/// A cached atom of a concrete type.
@MainActor
@usableFromInline
final class Node<A: Atom>: NodeBase {
    /// The atom, in the node's block (``NodeBlock``) after the cell.
    @inlinable
    var atom: A {
        NodeBlock.atom(in: cell, A.self).pointee
    }
    /// Where the value lives, out of line: generic code that is not specialised reaches it
    /// with the metadata of `A.Produced` alone, while every use of an `A.Produced?` asks the
    /// runtime for the metadata of that optional (about 320 instructions a time, twice per
    /// recomputed atom). Initialized exactly while `hasValue` is true; in the node's block,
    /// which the base frees.
    @usableFromInline let slot: UnsafeMutablePointer<A.Produced>
    /// Whether destroying a value is nothing at all (an `Int`, a `Bool`, a struct of them):
    /// a retired node then forgets its value without `deinitialize`, which asked the runtime
    /// for the type's metadata and called its destroy witness, about 100 instructions a
    /// release in code that is not specialised. Found once, when the node is made.
    private let valueIsTrivial: Bool
    /// The atom's effect, boxed: an `A.Effect?` field made every release of a node (its
    /// deinit, compiled once for every atom type) ask the runtime for the metadata of
    /// `Optional<A.Effect>` to destroy it, where an optional reference is released as is.
    private var effect: EffectBox<A.Effect>?
    /// The committed value of a synchronous atom, typed, so that telling a change from an
    /// equal recompute costs one `==` (async atoms, whose recorded value is their status,
    /// keep theirs in `committedValue`). Out of line for the reason `slot` is, allocated the
    /// first time commits are observed, and initialized exactly while `hasCommittedValue`.
    @exclusivity(unchecked) private var committedSlot: UnsafeMutablePointer<A.Produced>?
    /// Whether `committedSlot` holds a value: exactly when the base's address is set.
    private var hasCommittedValue: Bool { committedAddress != nil }
    /// How the value type is compared, found at the first comparison: -1 until then; the
    /// size of an integer or `Bool`, compared as bits (`TypedEquality.bitsEqual`); or 0, with
    /// `equality` holding `==` if the type is `Equatable`.
    @exclusivity(unchecked) private var equalityWidth = -1
    @exclusivity(unchecked) private var equality: ((UnsafePointer<A.Produced>, UnsafePointer<A.Produced>) -> Bool)?
    /// Whether the atom holds one object mutated in place, so that every commit that touches
    /// it is a change (rule 1 of ``ValueChangeRule``): a trait of the type (``AtomTypeTraits``).
    /// The library's own object atoms start async work and are compared by
    /// `commitBoxedChange`; this covers a synchronous atom that reports such a kind.
    private let isMutatedInPlace: Bool

    init(number: Int, key: AtomKey, scope: ScopeState?, atom: A) {
        let traits = AtomTypeTraits.of(atom)
        isMutatedInPlace = traits.isMutatedInPlace
        let cell = NodeBlock.allocate(A.self, A.Produced.self)
        NodeBlock.atom(in: cell, A.self).initialize(to: atom)
        slot = NodeBlock.value(in: cell, A.self, A.Produced.self)
        valueIsTrivial = _isPOD(A.Produced.self)
        super.init(
            cell: cell,
            number: number,
            key: key,
            scope: scope,
            isKeepAlive: traits.isKeepAlive,
            hasEffect: A.Effect.self != EmptyEffect.self,
            startsAsyncWork: traits.startsAsyncWork,
            followsAsyncStatus: traits.followsAsyncStatus,
            isExactType: type(of: atom) == A.self,
            atomIsValueType: !(A.self is AnyObject.Type)
        )
        if !traits.isGeneric {
            cell.pointee.recomputer = A.self
        }
    }

    isolated deinit {
        if hasValue {
            slot.deinitialize(count: 1)
        }
        NodeBlock.atom(in: cell, A.self).deinitialize(count: 1)
        if let committedSlot {
            if hasCommittedValue { committedSlot.deinitialize(count: 1) }
            committedSlot.deallocate()
        }
    }

    /// The cached value; `nil` before the first computation.
    var value: A.Produced? {
        get { hasValue ? slot.pointee : nil }
        set {
            if let newValue {
                store(newValue)
            } else if hasValue {
                slot.deinitialize(count: 1)
                hasValue = false
            }
        }
    }

    /// The cached value, which the caller knows is there. Reads a `let` and the memory it
    /// points to, so that code inlined in other modules pays no exclusivity check.
    @inlinable
    var presentValue: A.Produced {
        slot.pointee
    }

    /// Replaces the value, or gives the node its first one.
    @inline(__always)
    func store(_ newValue: A.Produced) {
        if hasValue {
            slot.pointee = newValue
        } else {
            slot.initialize(to: newValue)
            hasValue = true
        }
    }

    @usableFromInline
    override func evaluate(in store: AtomStore) -> Bool {
        let newValue = store.produce(for: self)
        let propagates = hasValue ? atom._shouldPropagate(from: slot.pointee, to: newValue) : true
        self.store(newValue)
        return propagates
    }

    override func forgetValue() {
        // Not `value = nil`: an `A.Produced?` costs a metadata lookup in unspecialised code.
        if hasValue {
            if !valueIsTrivial { slot.deinitialize(count: 1) }
            hasValue = false
        }
    }

    override var anyValue: Any? {
        // Not through `value`: an `A.Produced?` costs a metadata lookup in unspecialised code.
        guard hasValue else { return nil }
        return slot.pointee
    }

    override func diagnosticName() -> String { diagnosticAtomIDText(for: atom) }

    override func keepCommittedValue() {
        if startsAsyncWork { return super.keepCommittedValue() }
        committedRevision &+= 1
        guard hasValue else {
            if hasCommittedValue, let committedSlot {
                committedSlot.deinitialize(count: 1)
                setCommittedAddress(nil, type: Void.self)
            }
            return
        }
        let committed: UnsafeMutablePointer<A.Produced>
        if let committedSlot {
            committed = committedSlot
        } else {
            committed = .allocate(capacity: 1)
            committedSlot = committed
        }
        if hasCommittedValue {
            committed.pointee = slot.pointee
        } else {
            committed.initialize(to: slot.pointee)
            setCommittedAddress(UnsafeMutableRawPointer(committed), type: A.Produced.self)
        }
    }

    override var committedAnyValue: Any? {
        if startsAsyncWork { return committedValue }
        guard hasCommittedValue, let committedSlot else { return nil }
        return committedSlot.pointee
    }

    override func dropCommittedValue() {
        super.dropCommittedValue()
        if hasCommittedValue, let committedSlot {
            committedSlot.deinitialize(count: 1)
            setCommittedAddress(nil, type: Void.self)
        }
    }

    override func commitChange() -> Bool {
        if startsAsyncWork { return commitBoxedChange(kind: atom._kind) }
        defer { keepCommittedValue() }
        if isMutatedInPlace { return true }
        guard hasCommittedValue, hasValue, let committed = committedSlot else { return hasCommittedValue != hasValue }
        if equalityWidth < 0 {
            equalityWidth = TypedEquality.bitWidth(of: A.Produced.self)
            if equalityWidth == 0 {
                equality = TypedEquality.of(A.Produced.self)
            } else {
                // From now on the store commits this node from its cell (`commitChange(of:word:)`).
                cell.pointee.committed.bitWidth = equalityWidth
                cell.pointee.committed.valueAddress = UnsafeMutableRawPointer(slot)
            }
        }
        if equalityWidth > 0 {
            return !TypedEquality.bitsEqual(committed, slot, width: equalityWidth)
        }
        if let equal = equality {
            return !equal(committed, slot)
        }
        // Not Equatable: the rule's JSON or description comparison, rare and costly anyway.
        return ValueChangeRule.differs(committed.pointee, slot.pointee, kind: atom._kind)
    }

    override func makeInfo(store: AtomStore) -> AtomInfo {
        AtomInfo(
            number: number,
            id: store.uniqueID(for: self, text: scopedAtomIDText(idText(store: store), scope: scope)),
            kind: atom._kind,
            valueType: TypeName.of(A.Produced.self),
            isKeepAlive: isKeepAlive,
            isSensitive: AtomTypeTraits.of(atom).isSensitive,
            scope: scope?.name
        )
    }

    /// The atom's id; a sensitive atom's parameters are replaced by the store's ordinal for
    /// them, here where ids are made, so no id that leaves the store can carry a secret.
    private func idText(store: AtomStore) -> String {
        guard AtomTypeTraits.of(atom).isSensitive else { return atomIDText(for: atom) }
        return redactedAtomIDText(for: atom, ordinal: store.sensitiveOrdinal(typeName:key:))
    }

    override func restore(value newValue: Any) -> Bool {
        guard let typed = newValue as? A.Produced else { return false }
        let differs = value.map { !valuesEqual($0, typed) } ?? true
        value = typed
        return differs
    }

    override func restore(decoding encoded: any AtomEncodedValue) -> ValueRestoreOutcome {
        let valueType = TypeName.of(A.Produced.self)
        guard let decodable = A.Produced.self as? any Decodable.Type else {
            return .skipped(.notDecodable(valueType: valueType))
        }
        do {
            // Opening `decodable` decodes as `A.Produced` itself, so the cast always succeeds.
            guard let decoded = try encoded.decode(decodable) as? A.Produced else {
                return .skipped(.notDecodable(valueType: valueType))
            }
            return restore(value: decoded) ? .changed : .unchanged
        } catch {
            return .skipped(.decodingFailed(valueType: valueType, message: restoreErrorMessage(for: error)))
        }
    }

    override var customReset: (@MainActor (AtomCurrentContext) -> Void)? {
        guard let resettable = atom as? any Resettable else { return nil }
        return { context in resettable.reset(context: context) }
    }

    override func effectInitialize(context: AtomCurrentContext) {
        let effect = atom.effect(context: context)
        self.effect = EffectBox(effect)
        effect.initialized(context: context)
    }

    override func effectUpdated(context: AtomCurrentContext) {
        effect?.effect.updated(context: context)
    }

    override func effectReleased(context: AtomCurrentContext) {
        effect?.effect.released(context: context)
        effect = nil
    }

    override func snapshotEntry(store: AtomStore) -> SnapshotEntry? {
        guard let value else { return nil }
        let atom = self.atom
        let key = self.key
        let scope = self.scope
        return SnapshotEntry(
            key: key,
            info: store.info(for: self),
            value: value,
            status: asyncStatus,
            recreate: { store in store.makeNode(for: atom, key: key, scope: scope) }
        )
    }
}

/// A node's effect (``Node``), in a box that its node can drop without knowing its type.
private final class EffectBox<Effect> {
    let effect: Effect

    init(_ effect: Effect) {
        self.effect = effect
    }
}
