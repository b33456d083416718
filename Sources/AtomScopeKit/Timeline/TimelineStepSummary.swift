import AtomJournal
import Foundation

/// What a line of `log` shows of a step: its number, time, cause and the names of the atoms it
/// changed, without the values.
///
/// ``Timeline/summary(_:)`` makes it from the step's record alone. A ``TimelineStep`` also
/// files every value under its atom's name and, for a step that holds patches, replays the
/// state before it to work the values out: most of the time of `log` on a large journal, for
/// values `log` does not print.
public struct TimelineStepSummary: Sendable, Equatable {
    /// The step's number, from 1.
    public var number: Int
    /// The store's commit number.
    public var commit: Int
    /// Microseconds since the journal's start.
    public var time: Int64
    /// The wall-clock time, when the journal's header has its start time.
    public var date: Date?
    /// The operation that started the transaction.
    public var operation: String
    /// The name given to a batch.
    public var label: String?
    /// The atom the operation targeted.
    public var causeAtom: String?
    /// Where the operation was called, as `Module/File.swift:line`.
    public var causeLocation: String?
    /// Every atom the step initialized, updated or released, sorted, each once (as
    /// ``TimelineStep/changedAtoms``).
    public var changedAtoms: [String]
    /// Atoms recomputed, or set, to an equal value, sorted.
    public var recomputed: [String]

    /// Creates a summary.
    public init(
        number: Int, commit: Int, time: Int64, date: Date? = nil, operation: String, label: String? = nil,
        causeAtom: String? = nil, causeLocation: String? = nil, changedAtoms: [String] = [], recomputed: [String] = []
    ) {
        self.number = number
        self.commit = commit
        self.time = time
        self.date = date
        self.operation = operation
        self.label = label
        self.causeAtom = causeAtom
        self.causeLocation = causeLocation
        self.changedAtoms = changedAtoms
        self.recomputed = recomputed
    }

    /// The summary of a decoded step.
    public init(_ step: TimelineStep) {
        self.init(
            number: step.number, commit: step.commit, time: step.time, date: step.date, operation: step.operation,
            label: step.label, causeAtom: step.causeAtom,
            causeLocation: step.causeLocation, changedAtoms: step.changedAtoms, recomputed: step.recomputed
        )
    }

    init(_ step: JournalStep, number: Int, catalog: TimelineCatalog) {
        // Sorted by the ids' places in the catalog (numbers), not by comparing the ids, which
        // was a tenth of `log`'s time; the same order, as `TimelineSummaryOrderTests` checks.
        var changed = step.initialized.map(\.atom)
        changed.append(contentsOf: step.updated.map(\.atom))
        changed.append(contentsOf: step.released)
        self.init(
            number: number, commit: step.commit, time: step.time,
            date: TimelineDates.date(start: catalog.startTime, offset: step.time), operation: step.operation, label: step.label,
            causeAtom: step.causeAtom.map(catalog.id(ofAtom:)), causeLocation: step.causeLocation.map(catalog.location),
            changedAtoms: catalog.sortedIDs(ofAtoms: changed, unique: true) ?? Self.sortedOnce(changed.map(catalog.id(ofAtom:))),
            recomputed: catalog.sortedIDs(ofAtoms: step.recomputed, unique: false) ?? step.recomputed.map(catalog.id(ofAtom:)).sorted()
        )
    }

    /// Names sorted, each once. A step names a few atoms: sorting them and dropping repeats
    /// costs less than a set.
    static func sortedOnce(_ names: [String]) -> [String] {
        var unique: [String] = []
        unique.reserveCapacity(names.count)
        for name in names.sorted() where name != unique.last {
            unique.append(name)
        }
        return unique
    }
}
