import AtomJournal

/// What differs between two states: atoms added and removed, values changed (path by
/// path), edges and subscriptions added and removed. Every list is sorted (by atom id, then
/// path), so the same two states always give the same diff.
///
/// Values are compared by their recorded text first and parsed only when the texts differ,
/// so a diff costs little more than looking every atom up once. Sensitive atoms never show
/// content: two redacted values are reported as changed only when the journal recorded an
/// update between the two states, and read `<redacted> (changed)`.
public struct StateDiff: Sendable, Equatable, Encodable {
    /// An atom present in one state only, with its value there.
    public struct AtomValue: Hashable, Sendable, Encodable {
        /// The atom's id.
        public var atom: String
        /// Its value.
        public var value: DiffValue

        public init(atom: String, value: DiffValue) {
            self.atom = atom
            self.value = value
        }
    }

    /// The older state's step.
    public var from: Int
    /// The newer state's step.
    public var to: Int
    /// Atoms only the newer state has.
    public var atomsAdded: [AtomValue] = []
    /// Atoms only the older state has.
    public var atomsRemoved: [AtomValue] = []
    /// Atoms in both whose values differ.
    public var valuesChanged: [AtomValueChange] = []
    /// Dependencies only the newer state has.
    public var edgesAdded: [TimelineEdge] = []
    /// Dependencies only the older state has.
    public var edgesRemoved: [TimelineEdge] = []
    /// Subscriptions only the newer state has.
    public var subscriptionsAdded: [TimelineSubscription] = []
    /// Subscriptions only the older state has.
    public var subscriptionsRemoved: [TimelineSubscription] = []

    /// Creates an empty diff between two steps.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// The diff between two states.
    ///
    /// - Parameter recordedUpdate: Whether the journal recorded a change of an atom between
    ///   the two states; asked only for atoms redacted in both, to tell whether to report
    ///   them as changed. ``Timeline/diff(from:to:)`` answers it from its change index.
    public init(from before: TimelineState, to after: TimelineState, recordedUpdate: (String) -> Bool = { _ in false }) {
        self.init(from: before.step, to: after.step)
        var changed: [String] = []
        for (id, new) in after.values {
            if let old = before.values[id] {
                if !Self.sameText(old, new) { changed.append(id) }
            } else {
                atomsAdded.append(AtomValue(atom: id, value: DiffValue(new)))
            }
        }
        for (id, old) in before.values where after.values[id] == nil {
            atomsRemoved.append(AtomValue(atom: id, value: DiffValue(old)))
        }
        for (id, old) in before.values {
            if case .redacted = old, case .redacted? = after.values[id], recordedUpdate(id) {
                changed.append(id)
            }
        }
        for id in changed {
            if let old = before.values[id], let new = after.values[id] {
                addValueChange(id, old, new)
            }
        }
        edgesAdded = after.edges.subtracting(before.edges).sorted()
        edgesRemoved = before.edges.subtracting(after.edges).sorted()
        subscriptionsAdded = after.subscriptions.subtracting(before.subscriptions).sorted()
        subscriptionsRemoved = before.subscriptions.subtracting(after.subscriptions).sorted()
        sort()
    }

    /// A diff over known candidates only: the atoms, edges and subscriptions a step touched,
    /// with their values and presence before and after it.
    init(
        from: Int, to: Int, atoms: [String], before: [String: JournalValue], after: [String: JournalValue],
        recordedUpdate: (String) -> Bool,
        edges: [TimelineEdge], edgeBefore: (TimelineEdge) -> Bool, edgeAfter: (TimelineEdge) -> Bool,
        subscriptions: [TimelineSubscription], subscriptionBefore: (TimelineSubscription) -> Bool, subscriptionAfter: (TimelineSubscription) -> Bool
    ) {
        self.init(from: from, to: to)
        for id in Set(atoms) {
            switch (before[id], after[id]) {
            case (nil, let new?):
                atomsAdded.append(AtomValue(atom: id, value: DiffValue(new)))
            case (let old?, nil):
                atomsRemoved.append(AtomValue(atom: id, value: DiffValue(old)))
            case (.redacted?, .redacted?):
                if recordedUpdate(id) { addValueChange(id, .redacted, .redacted) }
            case (let old?, let new?):
                if !Self.sameText(old, new) { addValueChange(id, old, new) }
            case (nil, nil):
                break
            }
        }
        for edge in Set(edges) {
            switch (edgeBefore(edge), edgeAfter(edge)) {
            case (false, true): edgesAdded.append(edge)
            case (true, false): edgesRemoved.append(edge)
            default: break
            }
        }
        for subscription in Set(subscriptions) {
            switch (subscriptionBefore(subscription), subscriptionAfter(subscription)) {
            case (false, true): subscriptionsAdded.append(subscription)
            case (true, false): subscriptionsRemoved.append(subscription)
            default: break
            }
        }
        sort()
    }

    /// Whether the two states are the same.
    public var isEmpty: Bool {
        atomsAdded.isEmpty && atomsRemoved.isEmpty && valuesChanged.isEmpty
            && edgesAdded.isEmpty && edgesRemoved.isEmpty && subscriptionsAdded.isEmpty && subscriptionsRemoved.isEmpty
    }

    /// The ids of every atom added, removed or changed, sorted.
    public var changedAtoms: [String] {
        Set(atomsAdded.map(\.atom)).union(atomsRemoved.map(\.atom)).union(valuesChanged.map(\.atom)).sorted()
    }

    /// The diff as plain text, one line each, in this order: `+ Atom = value`,
    /// `- Atom = value`, the value changes (`Atom.path: old -> new`), `+ edge A -> B`,
    /// `- edge A -> B`, `+ subscription A -> File.swift:12`, `- subscription …`.
    public func lines(maximumValueLength: Int? = nil) -> [String] {
        func show(_ value: DiffValue) -> String {
            maximumValueLength.map { value.description(maximumLength: $0) } ?? value.description
        }
        var lines: [String] = []
        // Ids and subscriber names are the journal's: one line each, whatever they hold.
        func line(_ item: some CustomStringConvertible) -> String { QuotedText.oneLine(item.description) }
        lines += atomsAdded.map { "+ \(line($0.atom)) = \(show($0.value))" }
        lines += atomsRemoved.map { "- \(line($0.atom)) = \(show($0.value))" }
        lines += valuesChanged.flatMap { $0.lines(maximumValueLength: maximumValueLength) }
        lines += edgesAdded.map { "+ edge \(line($0))" }
        lines += edgesRemoved.map { "- edge \(line($0))" }
        lines += subscriptionsAdded.map { "+ subscription \(line($0))" }
        lines += subscriptionsRemoved.map { "- subscription \(line($0))" }
        return lines
    }

    // MARK: Building

    /// Equal recorded texts are equal values: the recorder writes canonical JSON.
    private static func sameText(_ lhs: JournalValue, _ rhs: JournalValue) -> Bool {
        switch (lhs, rhs) {
        case (.json(let a), .json(let b)), (.text(let a), .text(let b)): a == b
        case (.redacted, .redacted), (.absent, .absent): true
        default: false
        }
    }

    private mutating func addValueChange(_ id: String, _ old: JournalValue, _ new: JournalValue) {
        let changes: [ValueChange]
        if case .redacted = old, case .redacted = new {
            changes = [.changed(.root, from: .redacted, to: .redacted)]
        } else {
            changes = ValueDiff.changes(from: DiffValue(old), to: DiffValue(new))
        }
        // Texts that differ but parse to the same JSON (key order, spacing) are no change.
        if !changes.isEmpty {
            valuesChanged.append(AtomValueChange(atom: id, changes: changes))
        }
    }

    private mutating func sort() {
        atomsAdded.sort { $0.atom < $1.atom }
        atomsRemoved.sort { $0.atom < $1.atom }
        valuesChanged.sort { $0.atom < $1.atom }
        edgesAdded.sort()
        edgesRemoved.sort()
        subscriptionsAdded.sort()
        subscriptionsRemoved.sort()
    }
}
