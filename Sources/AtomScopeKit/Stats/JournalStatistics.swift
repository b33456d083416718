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
    /// Microseconds from the first to the last step.
    public var spanMicroseconds: Int64
    /// `closed`, `open` or `torn`.
    public var ending: String
    /// Where the torn tail starts, if there is one.
    public var tornTailOffset: Int?
    /// How many bytes the torn tail has.
    public var tornTailBytes: Int?
    /// Records of types this reader does not know (from a newer minor version).
    public var unknownRecords: Int
    /// Per atom, most changed first.
    public var perAtom: [AtomUsage]

    /// Reads every step of a journal once to count changes and value bytes per atom.
    public init(journal: Journal) throws(JournalError) {
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
        // Times come from the file: a hostile journal's difference must not trap.
        let (span, overflow) = (index.steps.last?.time ?? 0).subtractingReportingOverflow(index.steps.first?.time ?? 0)
        spanMicroseconds = overflow ? .max : span
        unknownRecords = index.unknownRecords
        switch index.ending {
        case .closed: ending = "closed"
        case .open: ending = "open"
        case .tornTail(let offset, let bytes):
            ending = "torn"
            tornTailOffset = offset
            tornTailBytes = bytes
        }

        var usage: [String: AtomUsage] = [:]
        for definition in index.atoms.values {
            usage[definition.id] = usage[definition.id] ?? AtomUsage(
                id: definition.id, kind: definition.kind, changes: 0, recomputes: 0, valueBytes: 0, sensitive: definition.isSensitive
            )
        }
        atoms = usage.count
        for position in index.steps.indices {
            let step = try journal.step(at: position)
            var touched = Set<String>()
            for entry in step.initialized + step.updated {
                guard let id = index.atoms[entry.atom]?.id else { continue }
                touched.insert(id)
                // A patched value (format 1.3) costs its edits, not its placeholder.
                if let patch = step.patches.first(where: { $0.atom == entry.atom }) {
                    usage[id]?.valueBytes += Self.size(of: patch)
                } else {
                    usage[id]?.valueBytes += Self.size(of: entry.value)
                }
            }
            for number in step.released {
                if let id = index.atoms[number]?.id { touched.insert(id) }
            }
            for id in touched {
                usage[id]?.changes += 1
            }
            for number in Set(step.recomputed) {
                if let id = index.atoms[number]?.id { usage[id]?.recomputes += 1 }
            }
        }
        perAtom = usage.values.sorted { ($1.changes, $0.id) < ($0.changes, $1.id) }
    }

    private static func size(of patch: JournalValuePatch) -> Int {
        patch.edits.reduce(0) { total, edit in
            switch edit {
            case .replace(_, let json), .insert(_, let json): total + json.utf8.count
            case .remove: total
            }
        }
    }

    private static func size(of value: JournalValue) -> Int {
        switch value {
        case .json(let text), .text(let text): text.utf8.count
        case .redacted, .absent: 0
        }
    }
}
