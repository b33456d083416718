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

        @usableFromInline
        init(offset: Int, commit: Int, time: Int64) {
            self.offset = offset
            self.commit = commit
            self.time = time
        }
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
    public internal(set) var steps = StepEntries()
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
    /// Zero bytes after the last frame: space a recorder reserved and had not filled (see
    /// ``JournalReader/unwrittenBytes``).
    public internal(set) var unwrittenBytes = 0
    /// What each step changed, counted by atom number in the same pass, when the index was
    /// built counting and every step could be counted (see `StepNumberTally`).
    package internal(set) var stepCounts: StepCountsByNumber?

    /// How many valid frames the scan read: what `atomscope verify` reports.
    package internal(set) var frameCount = 0

    /// Scans a journal and builds its index.
    public init(reader: JournalReader) throws(JournalError) {
        var builder = JournalIndexBuilder(reader: reader)
        try self.init(reader: reader, scanningInto: &builder)
    }

    /// Scans a journal into `builder` and takes the index it built.
    init(reader: JournalReader, scanningInto builder: inout JournalIndexBuilder) throws(JournalError) {
        let ending = try reader.scanFrames(indexingInto: &builder)
        self = builder.index
        stepCounts = builder.tally?.result
        frameCount = builder.frames
        steps = StepEntries(head: builder.joinedSteps, tail: builder.steps)
        self.ending = ending
        unwrittenBytes = reader.unwrittenBytes
    }

    /// An empty index, for ``JournalIndexBuilder`` to fill.
    init() {}
}
