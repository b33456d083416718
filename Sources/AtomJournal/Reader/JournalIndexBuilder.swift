import CCRC32C

/// Builds a ``JournalIndex`` from a scan's frames: a step's two deltas read where the frame
/// lies, every other record decoded.
///
/// A visitor, so that the scan's loop runs it without a call per frame (see
/// ``JournalFrameVisitor``); steps, nearly every frame of a journal, go to the C loop in runs
/// (`visitRun`) or take the first branch of `visit`.
struct JournalIndexBuilder: JournalFrameVisitor {
    let reader: JournalReader
    var index = JournalIndex()
    /// The steps, kept apart from `index` while the scan appends to them: after a joined
    /// second half (``absorb(_:)``), those from its first on.
    var steps = JournalIndex.StepEntryList()
    /// The steps before a joined second half's; empty when there is none.
    private(set) var joinedSteps = JournalIndex.StepEntryList()
    /// How many steps were indexed.
    private var stepCount: Int { joinedSteps.count + steps.count }
    private var commit = 0
    private var time: Int64 = 0
    /// How many steps came before the first keyframe. A split index's second half starts
    /// with a commit and time of zero: its steps before a keyframe hold differences from the
    /// first half's last commit and time (see ``absorb(_:)``).
    private var stepsBeforeKeyframe: Int?
    private let takesRuns: Bool
    /// The registers after runs of zero bytes from the journal's seed, for the C loop.
    private var zeros: [UInt32] = []
    /// The bytes the scan covers, which the step list's room is sized for.
    private var scannedBytes: Int
    /// Where the first run of steps ended in the file, and how many steps were indexed by
    /// then, until the room is sized from the steps (`sizeRoom`).
    private var sample: (fileOffset: Int, steps: Int)?
    private var roomSized = false
    /// `stat`'s counts of every step's changes, made in the same pass when asked for.
    let tally: StepNumberTally?
    /// The timeline's notes of every step's changes, made in the same pass when asked for:
    /// after a joined second half, those from its first step on.
    private(set) var noter: StepNoter?
    /// The notes of the steps before a joined second half's.
    private var joinedNotes: StepNotes?
    /// How many valid frames the scan handed over.
    private(set) var frames = 0

    /// A builder for a scan of `bytes` of the reader's file (all of it by default); with
    /// `counting`, it also counts what each step changed (``tally``), and with `noting`,
    /// notes it (``noter``).
    init(reader: JournalReader, reservingFor bytes: Int? = nil, counting: Bool = false, noting: Bool = false) {
        self.reader = reader
        tally = counting ? StepNumberTally(for: reader) : nil
        noter = noting ? StepNoter(for: reader) : nil
        takesRuns = Self.takesRuns && !reader.indexesPortably
        if takesRuns {
            zeros = [UInt32](repeating: 0, count: Int(ATOMSCOPE_STEP_INDEX_ZEROS))
            zeros.withUnsafeMutableBufferPointer { atomscope_step_index_zeros(~reader.saltState, $0.baseAddress) }
        }
        // Room for every step, in one block of memory: growing copies every entry so far into
        // fresh memory and faults in both blocks, and a second block, even a slightly larger
        // one, is fresh memory in a process that opens journal after journal (the benchmark),
        // where one block of the same size is reused. Where the C loop takes the steps, the
        // room is sized from the first four thousand steps (`sizeRoom`), for journals of
        // small steps too (one `Int` changed is 28 bytes a step); until then the list holds
        // them in a small block. Otherwise 34 bytes a step: below what the recorder writes
        // for a step with a value and a cause (a counter driven by a person takes 35,
        // ExampleCounter's 38). Less would reserve more: above 32 MiB, glibc maps each block
        // afresh.
        scannedBytes = bytes ?? reader.fileSize
        steps.reserveCapacity(takesRuns ? Self.sampledSteps * 2 : min(scannedBytes / 34, 1 << 24))
    }

    /// The notes made while scanning (``noter``), trimmed, when every step could be noted.
    func notedSteps() -> NotedSteps? {
        guard let noter, !noter.incomplete else { return nil }
        noter.notes.trim()
        joinedNotes?.trim()
        if let joinedNotes { return NotedSteps(head: joinedNotes, tail: noter.notes) }
        return NotedSteps(head: noter.notes, tail: nil)
    }

    /// Sizes the step list's room for a scan that ends at `offset`, a split index's first
    /// half: the second half keeps its steps in a list of its own (``absorb(_:)``), so room
    /// for the whole file would be reserved for nothing. If the halves do not join, this
    /// half scans on and its list grows.
    mutating func reserveOnly(before offset: Int) {
        scannedBytes = offset
    }

    /// How many steps are indexed before the list's room is sized from them.
    private static let sampledSteps = 4_096

    /// Once `sampledSteps` steps after the first run were indexed, makes room for as many as
    /// the whole scan holds at their size, and a thirty-second more, in one block.
    private mutating func sizeRoom(after run: FrameRun, end: Int) {
        guard let sample else {
            // Measured from the end of the first run: a scan's first frames are its header's
            // definitions and keyframe, not steps.
            sample = (run.fileOffset + end, steps.count)
            return
        }
        let counted = steps.count - sample.steps
        let covered = run.fileOffset + end - sample.fileOffset
        guard counted >= Self.sampledSteps, covered > 0 else { return }
        roomSized = true
        self.sample = nil
        let rest = max(0, scannedBytes - covered)
        let projected = steps.count + Int(Double(rest) * Double(counted) / Double(covered))
        steps.reserveCapacity(min(projected + projected / 32, 1 << 24))
    }

    @inline(__always)
    mutating func visit(_ frame: JournalFrame) throws(JournalError) {
        guard frame.type == RecordType.step.rawValue else {
            try add(frame)
            frames += 1
            return
        }
        // Only the deltas: the rest is decoded when the step is asked for.
        var bytes = ByteReader(frame.payload)
        let commit: Int64
        let timeDelta: Int64
        do {
            commit = Int64(truncatingIfNeeded: self.commit) &+ (try bytes.signed())
            timeDelta = try bytes.signed()
        } catch {
            throw .corruptFrame(path: reader.path, offset: frame.offset, reason: "record payload \(error)")
        }
        guard commit >= 0 else {
            throw .corruptFrame(path: reader.path, offset: frame.offset, reason: "record payload \(PayloadError.invalid("commit number out of range"))")
        }
        self.commit = Int(truncatingIfNeeded: commit)
        time = time &+ timeDelta
        tally?.count(frame.payload, at: stepCount)
        noter?.note(frame.payload, at: stepCount)
        steps.append(JournalIndex.StepEntry(offset: frame.offset, commit: self.commit, time: time))
        frames += 1
    }

    /// Every record but a step.
    private mutating func add(_ frame: JournalFrame) throws(JournalError) {
        guard let type = RecordType(rawValue: frame.type) else {
            index.unknownRecords += 1
            return
        }
        let stepCount = self.stepCount
        switch type {
        case .step:
            break // read by `visit` itself
        case .keyframe:
            var bytes = ByteReader(frame.payload)
            do {
                commit = try bytes.number()
                time = try bytes.signed()
            } catch {
                throw .corruptFrame(path: reader.path, offset: frame.offset, reason: "record payload \(error)")
            }
            index.keyframes.append(JournalIndex.KeyframeEntry(offset: frame.offset, stepCount: stepCount, commit: commit))
            if stepsBeforeKeyframe == nil {
                stepsBeforeKeyframe = stepCount
            }
        case .mark:
            // Decoded on its own: through the record enum, a mark cost its copies and
            // destruction, about a third of opening a journal that marks every 100 steps.
            var bytes = ByteReader(frame.payload)
            do {
                index.marks.append(JournalIndex.MarkEntry(stepCount: stepCount, mark: try JournalMark(decoding: &bytes)))
            } catch {
                throw .corruptFrame(path: reader.path, offset: frame.offset, reason: "record payload \(error)")
            }
        case .atomDefinition, .subscriberDefinition, .locationDefinition, .close:
            var unused = DeltaBase()
            switch try reader.decode(frame, base: &unused) {
            case .atomDefinition(let definition): index.atoms[definition.number] = definition
            case .subscriberDefinition(let definition): index.subscribers[definition.number] = definition
            case .locationDefinition(let definition): index.locations[definition.number] = definition
            case .close(let record): index.close = record
            default: break
            }
        }
    }
}

extension JournalIndexBuilder {
    /// Appends what `later` indexed: the frames right after this builder's, scanned on their
    /// own from a commit and time of zero (a split index's second half). Its steps before its
    /// first keyframe are moved by this builder's last commit and time, in its own list; its
    /// keyframes and marks by the steps before them. Its list is taken over, not copied: the
    /// steps indexed so far become ``joinedSteps``, and later steps go after `later`'s. Returns
    /// false, changing nothing, when one of those steps' commits comes out below zero: a scan
    /// from here reports that step.
    mutating func absorb(_ later: inout JournalIndexBuilder) -> Bool {
        let moved = later.stepsBeforeKeyframe ?? later.steps.count
        let commit = Int64(truncatingIfNeeded: commit)
        let time = time
        for position in 0..<moved where commit &+ Int64(truncatingIfNeeded: later.steps[position].commit) < 0 {
            return false
        }
        let stepCount = self.stepCount
        later.steps.move(before: moved, commit: commit, time: time)
        if joinedSteps.count == 0 {
            swap(&joinedSteps, &steps)
            swap(&steps, &later.steps)
            if let noter, let laterNoter = later.noter { joinedNotes = noter.takeOver(laterNoter, from: stepCount) }
            // `later` sized its list for the frames it scanned.
            roomSized = true
            sample = nil
        } else {
            for position in 0..<later.steps.count {
                steps.append(later.steps[position])
            }
            if let noter, let laterNoter = later.noter { noter.append(laterNoter, from: stepCount) }
        }
        for entry in later.index.keyframes {
            index.keyframes.append(JournalIndex.KeyframeEntry(offset: entry.offset, stepCount: stepCount + entry.stepCount, commit: entry.commit))
        }
        for entry in later.index.marks {
            index.marks.append(JournalIndex.MarkEntry(stepCount: stepCount + entry.stepCount, mark: entry.mark))
        }
        // A later definition of a number replaces an earlier one, as in one scan.
        index.atoms.merge(later.index.atoms) { $1 }
        index.subscribers.merge(later.index.subscribers) { $1 }
        index.locations.merge(later.index.locations) { $1 }
        if let close = later.index.close {
            index.close = close
        }
        index.unknownRecords += later.index.unknownRecords
        if let tally, let laterTally = later.tally { tally.add(laterTally, from: stepCount) }
        frames += later.frames
        if later.stepsBeforeKeyframe == nil {
            self.commit = Int(truncatingIfNeeded: commit &+ Int64(truncatingIfNeeded: later.commit))
            self.time = time &+ later.time
        } else {
            self.commit = later.commit
            self.time = later.time
        }
        if stepsBeforeKeyframe == nil, let laterFirst = later.stepsBeforeKeyframe {
            stepsBeforeKeyframe = stepCount + laterFirst
        }
        return true
    }

    /// Steps go to the C loop (`atomscope_index_steps`), which writes their entries straight
    /// into the list's new room, on x86-64 (elsewhere the loop takes nothing) when the
    /// processor has the CRC instructions and the list's layouts are the C structs'.
    static let takesRuns = isX86_64 && CRC32C.hardware
        && JournalIndex.StepEntryList.blockSize == Int(ATOMSCOPE_STEP_BLOCK)
        && laidOut(JournalIndex.StepDifference.self, as: atomscope_step_difference.self, [\.offset: 0, \.commit: 4, \.time: 8])
        && laidOut(JournalIndex.StepBlock.self, as: atomscope_step_block.self, [\.offset: 0, \.commit: 8, \.time: 16, \.start: 24])
        && laidOut(JournalIndex.StepEntry.self, as: atomscope_step_entry.self, [\.offset: 0, \.commit: 8, \.time: 16])

    /// Whether `Swift` has the size and stride of `C` and its fields at `offsets`.
    private static func laidOut<Swift, C>(_: Swift.Type, as _: C.Type, _ offsets: [PartialKeyPath<Swift>: Int]) -> Bool {
        MemoryLayout<Swift>.size == MemoryLayout<C>.size && MemoryLayout<Swift>.stride == MemoryLayout<C>.stride
            && offsets.allSatisfy { MemoryLayout<Swift>.offset(of: $0.key) == $0.value }
    }

    private static var isX86_64: Bool {
        #if arch(x86_64)
        true
        #else
        false
        #endif
    }

    /// After any frame: the C loop leaves a step to `visit` mostly when its block's
    /// differences stop fitting (the block is then kept whole, and the loop takes the steps
    /// after it), otherwise only for a step no recorder writes (a difference over eight varint
    /// bytes, a negative commit).
    func resumesRun(after type: UInt8) -> Bool {
        true
    }

    mutating func visitRun(_ run: FrameRun) -> FrameRun.Taken {
        guard takesRuns, let bytes = run.bytes.baseAddress else { return FrameRun.Taken(frames: 0, end: run.position, lastType: 0) }
        var state = atomscope_step_run()
        state.bytes = bytes.assumingMemoryBound(to: UInt8.self)
        state.count = run.bytes.count
        state.position = run.position
        state.file_offset = Int64(run.fileOffset)
        state.seed = run.seed
        state.step_type = RecordType.step.rawValue
        state.maximum_payload = UInt32(JournalFormat.maximumPayloadSize)
        state.sequence = run.sequence
        state.commit = Int64(commit)
        state.time = time
        state.first_position = steps.count
        state.first_difference = steps.differences.count
        if let block = steps.openBlock {
            state.block = atomscope_step_block(offset: Int64(block.offset), commit: Int64(block.commit), time: block.time, start: Int64(block.start))
        }
        // The room the list has, or room for more small steps when it has little: asking
        // for more than it has makes it grow (by doubling), copying every entry so far.
        let spare = steps.capacity - steps.differences.count
        let firstPosition = stepCount
        var taken = 0
        steps.appendWritten(room: spare >= 64 ? min(spare, 1 << 14) : 1 << 14) { differences, wide, blocks in
            differences.withMemoryRebound(to: atomscope_step_difference.self) { differences in
                wide.withMemoryRebound(to: atomscope_step_entry.self) { wide in
                    blocks.withMemoryRebound(to: atomscope_step_block.self) { blocks in
                        zeros.withUnsafeBufferPointer { zeros in
                            state.zeros = zeros.baseAddress
                            state.entries = differences.baseAddress
                            state.capacity = differences.count
                            state.used = 0
                            state.wide = wide.baseAddress
                            state.wide_capacity = wide.count
                            state.wide_used = 0
                            state.blocks = blocks.baseAddress
                            state.block_capacity = blocks.count
                            state.blocks_used = 0
                            taken = atomscope_index_steps(&state)
                        }
                    }
                }
            }
            return (taken, state.used, state.wide_used, state.blocks_used)
        }
        guard taken > 0 else { return FrameRun.Taken(frames: 0, end: run.position, lastType: 0) }
        commit = Int(state.commit)
        time = state.time
        tally?.readRun(run.bytes, from: run.position, to: state.position, sequence: run.sequence, seed: run.seed, position: firstPosition)
        noter?.readRun(run.bytes, from: run.position, to: state.position, sequence: run.sequence, seed: run.seed, position: firstPosition)
        frames += taken
        if !roomSized { sizeRoom(after: run, end: state.position) }
        return FrameRun.Taken(frames: UInt64(taken), end: state.position, lastType: RecordType.step.rawValue, singly: UInt64(state.taken_singly))
    }
}
