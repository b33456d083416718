/// What one step changed, read from its payload without building the step: the atoms it
/// initialized, updated, released or recomputed, how many bytes each value took, and the
/// numbers it refers to.
///
/// Opening a large journal (the timeline's index of changes, `atomscope stat`) needs only
/// these numbers. The skim fills one instance per step, reusing its lists, and hands it over
/// whole: handing over each item through a closure as an enum cost more than the skim itself
/// (about 1,100 instructions a step of a counter journal, against about 250 now).
package struct JournalStepChanges {
    /// A value entry: its atom number and its value's bytes (0 for a redacted or absent one;
    /// for a patched value, the placeholder's).
    package struct Value: Equatable, Sendable {
        package var atom: Int
        package var bytes: Int
    }

    /// A pair of atom numbers (an edge's upstream and downstream), or an atom and a
    /// subscriber number (a subscription).
    package struct Pair: Equatable, Sendable {
        package var first: Int
        package var second: Int
    }

    /// The atom that caused the step, if it names one.
    package var causeAtom: Int?
    /// The source location that caused the step, if it names one.
    package var causeLocation: Int?
    /// The initialized entries, then the updated ones; ``initializedCount`` tells them apart.
    package var values: [Value] = []
    /// How many of ``values`` come first as initialized entries.
    package var initializedCount = 0
    /// Released atom numbers.
    package var released: [Int] = []
    /// Atoms recomputed, or set, to an equal value.
    package var recomputed: [Int] = []
    /// Edges added, then edges removed (upstream, downstream).
    package var edges: [Pair] = []
    /// Subscriptions added, then removed (atom, subscriber).
    package var subscriptions: [Pair] = []
    /// Values written as edits (format 1.3): the atom and its edits' value bytes, in payload
    /// order; every atom here is among the updated ones.
    package var patches: [Value] = []
    /// Each patch's bytes by position, for `sameAs` references; scratch for the skim.
    var patchSizes: [Int?] = []

    package init() {}

    /// The initialized entries.
    package var initialized: ArraySlice<Value> { values[..<initializedCount] }

    /// The updated entries.
    package var updated: ArraySlice<Value> { values[initializedCount...] }

    /// Empties every list, keeping their storage for the next step.
    mutating func reset() {
        causeAtom = nil
        causeLocation = nil
        initializedCount = 0
        // A list that is already empty is left alone: most steps fill few of them.
        if !values.isEmpty { values.removeAll(keepingCapacity: true) }
        if !released.isEmpty { released.removeAll(keepingCapacity: true) }
        if !recomputed.isEmpty { recomputed.removeAll(keepingCapacity: true) }
        if !edges.isEmpty { edges.removeAll(keepingCapacity: true) }
        if !subscriptions.isEmpty { subscriptions.removeAll(keepingCapacity: true) }
        if !patches.isEmpty { patches.removeAll(keepingCapacity: true) }
    }
}
