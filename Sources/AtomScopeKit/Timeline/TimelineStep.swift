import AtomJournal
import Foundation

/// One step of a journal, decoded, with every number resolved to a name: atom ids,
/// subscribers and the cause's source location as `Module/File.swift:line`.
public struct TimelineStep: Sendable, Equatable {
    /// The step's number, from 1.
    public var number: Int
    /// The store's commit number.
    public var commit: Int
    /// Microseconds since the journal's start.
    public var time: Int64
    /// The wall-clock time, when the journal's header has its start time.
    public var date: Date?
    /// The operation that started the transaction (`set`, `modify`, `batch`, ...).
    public var operation: String
    /// The atom the operation targeted.
    public var causeAtom: String?
    /// Where the operation was called, as `Module/File.swift:line`.
    public var causeLocation: String?
    /// The name given to a batch.
    public var label: String?
    /// Atoms that came into existence, with their values.
    public var initialized: [String: JournalValue]
    /// Atoms whose value changed, with their new values.
    public var updated: [String: JournalValue]
    /// Atoms recomputed, or set, to a value equal to the one they had, sorted: they did not
    /// change, though what depends on them was updated. Empty for journals before format 1.2.
    public var recomputed: [String]
    /// Atoms that were released, sorted.
    public var released: [String]
    /// Dependencies that appeared, sorted.
    public var edgesAdded: [TimelineEdge]
    /// Dependencies that disappeared, sorted.
    public var edgesRemoved: [TimelineEdge]
    /// Subscriptions that appeared, sorted.
    public var subscriptionsAdded: [TimelineSubscription]
    /// Subscriptions that disappeared, sorted.
    public var subscriptionsRemoved: [TimelineSubscription]

    /// Creates a step.
    public init(
        number: Int, commit: Int, time: Int64, date: Date? = nil, operation: String,
        causeAtom: String? = nil, causeLocation: String? = nil, label: String? = nil,
        initialized: [String: JournalValue] = [:], updated: [String: JournalValue] = [:], recomputed: [String] = [],
        released: [String] = [],
        edgesAdded: [TimelineEdge] = [], edgesRemoved: [TimelineEdge] = [],
        subscriptionsAdded: [TimelineSubscription] = [], subscriptionsRemoved: [TimelineSubscription] = []
    ) {
        self.number = number
        self.commit = commit
        self.time = time
        self.date = date
        self.operation = operation
        self.causeAtom = causeAtom
        self.causeLocation = causeLocation
        self.label = label
        self.initialized = initialized
        self.updated = updated
        self.recomputed = recomputed
        self.released = released
        self.edgesAdded = edgesAdded
        self.edgesRemoved = edgesRemoved
        self.subscriptionsAdded = subscriptionsAdded
        self.subscriptionsRemoved = subscriptionsRemoved
    }

    init(_ step: JournalStep, number: Int, catalog: TimelineCatalog) {
        func values(_ entries: [JournalValueEntry]) -> [String: JournalValue] {
            var result: [String: JournalValue] = [:]
            result.reserveCapacity(entries.count)
            for entry in entries {
                result[catalog.id(ofAtom: entry.atom)] = entry.value
            }
            return result
        }
        self.init(
            number: number,
            commit: step.commit,
            time: step.time,
            date: TimelineDates.date(start: catalog.startTime, offset: step.time),
            operation: step.operation,
            causeAtom: step.causeAtom.map(catalog.id(ofAtom:)),
            causeLocation: step.causeLocation.map(catalog.location),
            label: step.label,
            initialized: values(step.initialized),
            updated: values(step.updated),
            recomputed: step.recomputed.map(catalog.id(ofAtom:)).sorted(),
            released: step.released.map(catalog.id(ofAtom:)).sorted(),
            edgesAdded: step.edgesAdded.map(catalog.edge).sorted(),
            edgesRemoved: step.edgesRemoved.map(catalog.edge).sorted(),
            subscriptionsAdded: step.subscriptionsAdded.map(catalog.subscription).sorted(),
            subscriptionsRemoved: step.subscriptionsRemoved.map(catalog.subscription).sorted()
        )
    }

    /// Every atom the step initialized, updated or released, sorted, each once.
    public var changedAtoms: [String] {
        var atoms = Array(initialized.keys)
        atoms.append(contentsOf: updated.keys)
        atoms.append(contentsOf: released)
        return TimelineStepSummary.sortedOnce(atoms)
    }

    /// Whether the step initialized, updated or released the atom.
    public func changed(_ id: String) -> Bool {
        initialized[id] != nil || updated[id] != nil || released.contains(id)
    }
}
