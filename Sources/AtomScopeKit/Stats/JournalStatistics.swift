import AtomJournal
import Foundation

/// The numbers `atomscope stat` reports: how long, how big, how healthy a journal is, and
/// which atoms change most and cost most.
public struct JournalStatistics: Sendable, Encodable, Equatable {
    /// One atom's share of the journal.
    public struct AtomUsage: Sendable, Encodable, Equatable {
        /// The atom id.
        public var id: String
        /// The atom kind.
        public var kind: String
        /// Steps that initialized, changed or released it.
        public var changes: Int
        /// Steps that recomputed it, or set it, to an equal value (not changes).
        public var recomputes: Int
        /// Bytes of its recorded values across all steps.
        public var valueBytes: Int
        /// Whether its values are redacted.
        public var sensitive: Bool
    }

    /// The journal's path.
    public var path: String
    /// The file size in bytes.
    public var fileBytes: Int
    /// The format version, `major.minor`.
    public var formatVersion: String
    /// The recording app's name.
    public var app: String?
    /// The recording process's id.
    public var processID: Int?
    /// When recording started (ISO 8601), if the header says.
    public var started: String?
    /// Steps recorded.
    public var steps: Int
    /// Distinct atom ids defined.
    public var atoms: Int
    /// Keyframes written.
    public var keyframes: Int
    /// Marks written.
    public var marks: Int
    /// Microseconds from the first to the last step; `nil` when that difference of the times
    /// the file holds does not fit in an `Int64`, which only a damaged or hostile journal has.
    public var spanMicroseconds: Int64?
    /// `closed`, `open` or `torn`.
    public var ending: String
    /// Where the torn tail starts, if there is one.
    public var tornTailOffset: Int?
    /// How many bytes the torn tail has.
    public var tornTailBytes: Int?
    /// Zero bytes after the last frame: space the recorder reserved and had not written
    /// when the file was read (it is recording, or its app died). Not damage.
    public var unwrittenBytes: Int
    /// Records of types this reader does not know (from a newer minor version).
    public var unknownRecords: Int
    /// Per atom, most changed first.
    public var perAtom: [AtomUsage]

    /// Opens the journal at `url` and counts changes and value bytes per atom as it opens it:
    /// one read of the file, where ``init(journal:)`` on a journal opened without counting
    /// reads every step a second time.
    public init(url: URL) throws(JournalError) {
        try self.init(journal: Journal(url: url, countingSteps: true))
    }

    /// Reads every step of a journal once to count changes and value bytes per atom (or,
    /// when the journal was opened counting, sums what was counted then).
    public init(journal: Journal) throws(JournalError) {
        try self.init(journal: journal, beforeAPassOfItsOwn: {})
    }

    /// ``init(journal:)``, calling `beforeAPassOfItsOwn` when it is to read every step: the
    /// journal was not opened counting (`Journal(url:progress:countingSteps:notingSteps:beforeIndexing:)`),
    /// or its counts by number do not sum to its ids' exactly. `stat` shows that pass's
    /// progress on a line of its own.
    package init(journal: Journal, beforeAPassOfItsOwn: () -> Void) throws(JournalError) {
        let index = journal.index
        path = journal.reader.path
        fileBytes = journal.reader.fileSize
        formatVersion = "\(journal.header.majorVersion).\(journal.header.minorVersion)"
        app = journal.header.appName
        processID = journal.header.processID
        started = journal.header.startTime.map { microseconds in
            let date = Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
            return date.formatted(.iso8601)
        }
        steps = index.steps.count
        keyframes = index.keyframes.count
        marks = index.marks.count
        // Times come from the file: a hostile journal's difference must not trap, nor pass
        // for a real length of time.
        let (span, overflow) = (index.steps.last?.time ?? 0).subtractingReportingOverflow(index.steps.first?.time ?? 0)
        spanMicroseconds = overflow ? nil : span
        unknownRecords = index.unknownRecords
        unwrittenBytes = index.unwrittenBytes
        switch index.ending {
        case .closed: ending = "closed"
        case .open: ending = "open"
        case .tornTail(let offset, let bytes):
            ending = "torn"
            tornTailOffset = offset
            tornTailBytes = bytes
        }

        // One usage per distinct id (several atom numbers may share one): counted while the
        // journal was opened, when it was opened counting and the counts by number sum to
        // the ones by id exactly; otherwise in a pass of its own, each step skimmed, not
        // decoded.
        let slots = AtomSlots(index.atoms)
        if let counted = index.stepCounts?.bySlot(slots.ids.count, slot: { slots.slot(of: $0) }) {
            perAtom = Self.usage(slots) { counted[$0] }
            atoms = perAtom.count
            return
        }
        beforeAPassOfItsOwn()
        let tally = StepTally(slots: slots)
        do {
            // A large journal is skimmed in two halves at once, each counted apart.
            try journal.skimSteps(
                into: tally, splittingInto: { StepTally(slots: slots) }, join: { $0.add($1) }, target: { $0.counting.map(StepSkimTarget.counting) }
            ) { tally, position, changes in
                tally.count(position, changes)
            }
        } catch let error as JournalError {
            throw error
        } catch {
            // The closure above throws nothing, so every error is the reader's; this keeps the
            // type honest without a trap.
            throw .corruptFrame(path: journal.reader.path, offset: 0, reason: "\(error)")
        }
        perAtom = Self.usage(slots) { tally.counts(ofSlot: $0) }
        atoms = perAtom.count
    }

    /// Each slot's usage from its counts, most changed first.
    private static func usage(_ slots: AtomSlots, counts: (Int) -> StepSlotCounts) -> [AtomUsage] {
        let usage = slots.definitions.enumerated().map { slot, definition in
            let counts = counts(slot)
            return AtomUsage(
                id: definition.id, kind: definition.kind, changes: counts.changes, recomputes: counts.recomputes,
                valueBytes: counts.valueBytes, sensitive: definition.isSensitive
            )
        }
        return usage.sorted { ($1.changes, $0.id) < ($0.changes, $1.id) }
    }
}
