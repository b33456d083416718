/// What one step changed, read from its payload without building the step: the atoms it
/// initialized, updated, released or recomputed, how many bytes each value took, and the
/// numbers it refers to.
///
/// Opening a large journal (the timeline's index of changes, `atomscope stat`) needs only
/// these numbers. The skim fills one instance for every step, reusing its lists, and lends it
/// to a visitor whole: handing over each item through a closure as an enum cost more than the
/// skim itself. The lists are emptied by setting their counts, so that a step costs nothing
/// for the lists it does not use.
///
/// An instance is filled on one thread and read by the visitor it is lent to; what its lists
/// hold is valid until the next step is skimmed into it.
package final class JournalStepChanges {
    /// A value entry: its atom number and its value's bytes (0 for a redacted or absent one;
    /// for a patched value, the placeholder's).
    package struct Value: Equatable, Sendable, BitwiseCopyable {
        package var atom: Int
        package var bytes: Int
    }

    /// A pair of atom numbers (an edge's upstream and downstream), or an atom and a
    /// subscriber number (a subscription).
    package struct Pair: Equatable, Sendable, BitwiseCopyable {
        package var first: Int
        package var second: Int
    }

    // Why no runtime exclusivity checks: the skim is the only writer, it writes only between
    // visits, and a visitor only reads, during its visit, on the same thread. The checks cost
    // two runtime calls per item.

    @exclusivity(unchecked) var causeAtomNumber: Int?
    @exclusivity(unchecked) var causeLocationNumber: Int?
    @exclusivity(unchecked) var initializedEntries = 0
    @exclusivity(unchecked) var valueList = StepList<Value>()
    @exclusivity(unchecked) var releasedList = StepList<Int>()
    @exclusivity(unchecked) var recomputedList = StepList<Int>()
    @exclusivity(unchecked) var edgeList = StepList<Pair>()
    @exclusivity(unchecked) var subscriptionList = StepList<Pair>()
    @exclusivity(unchecked) var patchList = StepList<Value>()
    /// Each patch's bytes by position, for `sameAs` references; scratch for the skim.
    @exclusivity(unchecked) var patchSizes: [Int?] = []

    // What the getters below lend: the lists above once the Swift skim has filled them
    // (`showLists()`), or a C skim's slices of a run of steps (`StepSkimRuns`).
    @exclusivity(unchecked) private var valueView = UnsafeBufferPointer<Value>(start: nil, count: 0)
    @exclusivity(unchecked) private var releasedView = UnsafeBufferPointer<Int>(start: nil, count: 0)
    @exclusivity(unchecked) private var recomputedView = UnsafeBufferPointer<Int>(start: nil, count: 0)
    @exclusivity(unchecked) private var edgeView = UnsafeBufferPointer<Pair>(start: nil, count: 0)
    @exclusivity(unchecked) private var subscriptionView = UnsafeBufferPointer<Pair>(start: nil, count: 0)
    @exclusivity(unchecked) private var patchView = UnsafeBufferPointer<Value>(start: nil, count: 0)

    package init() {}

    deinit {
        valueList.deallocate()
        releasedList.deallocate()
        recomputedList.deallocate()
        edgeList.deallocate()
        subscriptionList.deallocate()
        patchList.deallocate()
    }

    // Read through getters: the attribute above spares accesses made in this module only,
    // and another module's direct read of a stored property paid two runtime calls.

    /// The atom that caused the step, if it names one.
    package var causeAtom: Int? { causeAtomNumber }
    /// The source location that caused the step, if it names one.
    package var causeLocation: Int? { causeLocationNumber }
    /// How many of ``values`` come first as initialized entries.
    package var initializedCount: Int { initializedEntries }

    // The lists are lent as buffers: the standard library's collection code is specialised
    // for them in any module, where a collection of this module's was run unspecialised,
    // through the runtime, in the module that reads it.

    /// The initialized entries, then the updated ones; ``initializedCount`` tells them apart.
    package var values: UnsafeBufferPointer<Value> { valueView }
    /// The initialized entries.
    package var initialized: UnsafeBufferPointer<Value> { UnsafeBufferPointer(rebasing: values[..<initializedCount]) }
    /// The updated entries.
    package var updated: UnsafeBufferPointer<Value> { UnsafeBufferPointer(rebasing: values[initializedCount...]) }
    /// Released atom numbers.
    package var released: UnsafeBufferPointer<Int> { releasedView }
    /// Atoms recomputed, or set, to an equal value.
    package var recomputed: UnsafeBufferPointer<Int> { recomputedView }
    /// Edges added, then edges removed (upstream, downstream).
    package var edges: UnsafeBufferPointer<Pair> { edgeView }
    /// Subscriptions added, then removed (atom, subscriber).
    package var subscriptions: UnsafeBufferPointer<Pair> { subscriptionView }
    /// Values written as edits (format 1.3): the atom and its edits' value bytes, in payload
    /// order; every atom here is among the updated ones.
    package var patches: UnsafeBufferPointer<Value> { patchView }

    /// Lends the lists the Swift skim filled.
    func showLists() {
        valueView = valueList.elements
        releasedView = releasedList.elements
        recomputedView = recomputedList.elements
        edgeView = edgeList.elements
        subscriptionView = subscriptionList.elements
        patchView = patchList.elements
    }

    /// Lends one step of a C skim's run: its cause and its slices of the run's lists.
    func show(
        causeAtom: Int?, causeLocation: Int?, initialized: Int,
        values: UnsafeBufferPointer<Value>, released: UnsafeBufferPointer<Int>, recomputed: UnsafeBufferPointer<Int>,
        edges: UnsafeBufferPointer<Pair>, subscriptions: UnsafeBufferPointer<Pair>
    ) {
        causeAtomNumber = causeAtom
        causeLocationNumber = causeLocation
        initializedEntries = initialized
        valueView = values
        releasedView = released
        recomputedView = recomputed
        edgeView = edges
        subscriptionView = subscriptions
        patchView = UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Empties every list, keeping its memory for the next step, and lends none until the
    /// next step is read.
    func reset() {
        causeAtomNumber = nil
        causeLocationNumber = nil
        initializedEntries = 0
        valueList.removeAll()
        releasedList.removeAll()
        recomputedList.removeAll()
        edgeList.removeAll()
        subscriptionList.removeAll()
        patchList.removeAll()
        showLists()
    }
}
