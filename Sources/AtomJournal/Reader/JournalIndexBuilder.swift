/// Builds a ``JournalIndex`` from a scan's frames: a step's two deltas read where the frame
/// lies, every other record decoded.
///
/// A visitor, so that the scan's loop runs it without a call per frame (see
/// ``JournalFrameVisitor``); steps, nearly every frame of a journal, take the first branch.
struct JournalIndexBuilder: JournalFrameVisitor {
    let reader: JournalReader
    var index = JournalIndex()
    /// The steps, kept apart from `index` while the scan appends to them.
    var steps: [JournalIndex.StepEntry] = []
    private var commit = 0
    private var time: Int64 = 0

    init(reader: JournalReader) {
        self.reader = reader
        // Small steps take about 40 bytes; reserving for that avoids growing the array a
        // million times on a large journal.
        steps.reserveCapacity(min(reader.fileSize / 40, 1 << 24))
    }

    @inline(__always)
    mutating func visit(_ frame: JournalFrame) throws(JournalError) {
        guard frame.type == RecordType.step.rawValue else {
            try add(frame)
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
        steps.append(JournalIndex.StepEntry(offset: frame.offset, commit: self.commit, time: time))
    }

    /// Every record but a step.
    private mutating func add(_ frame: JournalFrame) throws(JournalError) {
        guard let type = RecordType(rawValue: frame.type) else {
            index.unknownRecords += 1
            return
        }
        let stepCount = steps.count
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
        case .atomDefinition, .subscriberDefinition, .locationDefinition, .mark, .close:
            var unused = DeltaBase()
            switch try reader.decode(frame, base: &unused) {
            case .atomDefinition(let definition): index.atoms[definition.number] = definition
            case .subscriberDefinition(let definition): index.subscribers[definition.number] = definition
            case .locationDefinition(let definition): index.locations[definition.number] = definition
            case .mark(let mark): index.marks.append(JournalIndex.MarkEntry(stepCount: stepCount, mark: mark))
            case .close(let record): index.close = record
            default: break
            }
        }
    }
}
