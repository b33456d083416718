/// What one pass over a journal learns: every definition, where each step and keyframe is,
/// the marks, and how the journal ends.
///
/// Building it validates every frame but decodes only definitions, marks and the first
/// fields of steps and keyframes, so opening a large journal costs little more than reading
/// its bytes. Steps are decoded on demand through ``Journal``.
public struct JournalIndex: Sendable {
    /// Where a step is and when it happened.
    public struct StepEntry: Sendable, Equatable {
        /// The frame's offset in the file.
        public let offset: Int
        /// The store's commit number.
        public let commit: Int
        /// Microseconds since the journal's start.
        public let time: Int64
    }

    /// Where a keyframe is and which state it holds.
    public struct KeyframeEntry: Sendable, Equatable {
        /// The frame's offset in the file.
        public let offset: Int
        /// How many steps precede it: it holds the state after step `stepCount - 1`, or the
        /// initial state when `0`.
        public let stepCount: Int
        /// The commit after which the state was captured.
        public let commit: Int
    }

    /// A mark and how many steps preceded it.
    public struct MarkEntry: Sendable, Equatable {
        /// How many steps precede the mark.
        public let stepCount: Int
        /// The mark.
        public let mark: JournalMark
    }

    /// Atom definitions by number.
    public internal(set) var atoms: [Int: JournalAtomDefinition] = [:]
    /// Subscriber definitions by number.
    public internal(set) var subscribers: [Int: JournalSubscriberDefinition] = [:]
    /// Source locations by number.
    public internal(set) var locations: [Int: JournalLocationDefinition] = [:]
    /// Every step in order.
    public internal(set) var steps: [StepEntry] = []
    /// Every keyframe in order.
    public internal(set) var keyframes: [KeyframeEntry] = []
    /// Every mark in order.
    public internal(set) var marks: [MarkEntry] = []
    /// The clean-close marker, if the journal has one.
    public internal(set) var close: JournalClose?
    /// Records of types this version does not know (written by a newer minor version).
    public internal(set) var unknownRecords = 0
    /// How the valid records end.
    public internal(set) var ending = JournalEnding.open

    /// Scans a journal and builds its index.
    public init(reader: JournalReader) throws(JournalError) {
        var base = DeltaBase()
        // Steps are nearly every frame: they go to a local array, with their deltas read
        // inline; only the rarer records go through `self`. Small steps take about 40 bytes;
        // reserving for that avoids growing the array a million times on a large journal.
        var steps: [StepEntry] = []
        steps.reserveCapacity(min(reader.fileSize / 40, 1 << 24))
        let path = reader.path
        ending = try reader.scanFrames { frame throws(JournalError) in
            guard frame.type == RecordType.step.rawValue else {
                try add(frame, base: &base, stepCount: steps.count, reader: reader)
                return
            }
            // Only the deltas: the rest is decoded when the step is asked for.
            var bytes = ByteReader(frame.payload)
            do {
                let commitDelta = try bytes.signed()
                let timeDelta = try bytes.signed()
                let commit = Int64(truncatingIfNeeded: base.commit) &+ commitDelta
                guard commit >= 0 else { throw PayloadError.invalid("commit number out of range") }
                base = DeltaBase(commit: Int(truncatingIfNeeded: commit), time: base.time &+ timeDelta)
            } catch {
                throw .corruptFrame(path: path, offset: frame.offset, reason: "record payload \(error)")
            }
            steps.append(StepEntry(offset: frame.offset, commit: base.commit, time: base.time))
        }
        self.steps = steps
    }

    private mutating func add(_ frame: JournalFrame, base: inout DeltaBase, stepCount: Int, reader: JournalReader) throws(JournalError) {
        guard let type = RecordType(rawValue: frame.type) else {
            unknownRecords += 1
            return
        }
        switch type {
        case .step:
            break // read by the initializer itself
        case .keyframe:
            var bytes = ByteReader(frame.payload)
            do {
                base = DeltaBase(commit: try bytes.number(), time: try bytes.signed())
            } catch {
                throw .corruptFrame(path: reader.path, offset: frame.offset, reason: "record payload \(error)")
            }
            keyframes.append(KeyframeEntry(offset: frame.offset, stepCount: stepCount, commit: base.commit))
        case .atomDefinition, .subscriberDefinition, .locationDefinition, .mark, .close:
            var unused = DeltaBase()
            switch try reader.decode(frame, base: &unused) {
            case .atomDefinition(let definition): atoms[definition.number] = definition
            case .subscriberDefinition(let definition): subscribers[definition.number] = definition
            case .locationDefinition(let definition): locations[definition.number] = definition
            case .mark(let mark): marks.append(MarkEntry(stepCount: stepCount, mark: mark))
            case .close(let record): close = record
            default: break
            }
        }
    }
}
