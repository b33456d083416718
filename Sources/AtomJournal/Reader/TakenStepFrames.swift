/// The step frames that the index's loop has just checked and taken, walked again in the same
/// pass by what counts or notes them (`StepNumberTally`, `StepNoter`): a C skim takes runs of
/// them, and every frame it leaves is handed over one at a time, with its payload.
struct TakenStepFrames {
    /// The bytes, up to the end of the last frame taken.
    let frames: UnsafeRawBufferPointer

    /// The frames taken from `start` to `end` of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer, to end: Int) {
        frames = UnsafeRawBufferPointer(rebasing: bytes[..<end])
    }

    /// Where a C skim of the frames stopped: at `offset`, with the next frame's `sequence`
    /// number and step `position`.
    struct Stop {
        var offset: Int
        var sequence: UInt64
        var position: Int
    }

    /// Walks the frames from `start` (sequence number `sequence`, step `position`): `skim`
    /// takes a run of them and says where it stopped (where it is, without a C skim), and
    /// `each` is handed the payload and step position of every frame it leaves. Returns false
    /// as soon as `each` does, or when a frame's length runs past the bytes, which the index's
    /// loop never takes.
    func walk(
        from start: Int, sequence: UInt64, position: Int, skim: (Stop) -> Stop,
        each: (_ payload: UnsafeRawBufferPointer, _ position: Int) -> Bool
    ) -> Bool {
        var at = Stop(offset: start, sequence: sequence, position: position)
        while at.offset < frames.count {
            at = skim(at)
            guard at.offset < frames.count else { break }
            guard let payload = payload(at: at.offset), each(payload, at.position) else { return false }
            at = Stop(offset: at.offset + JournalFormat.frameHeaderSize + payload.count, sequence: at.sequence &+ 1, position: at.position + 1)
        }
        return true
    }

    /// The payload of the frame at `offset`, of the length its header says; `nil` when that
    /// runs past the bytes.
    func payload(at offset: Int) -> UnsafeRawBufferPointer? {
        let length = Int(frames.loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
        let start = offset + JournalFormat.frameHeaderSize
        guard length <= frames.count - start else { return nil }
        return UnsafeRawBufferPointer(rebasing: frames[start..<(start + length)])
    }
}

/// What reads each step the index's loop takes in the same pass (`stat`'s counts, the
/// timeline's notes): runs of steps in C where it can (``skimRun(_:from:seed:runs:)``), every
/// other step here (``read(_:at:)``), and any step it cannot read leaves it ``incomplete``.
class TakenStepReader {
    /// The most numbers (atoms, locations, subscribers) the reader makes room for, for this
    /// file (``TakenStepRoom``).
    let limit: Int
    // Exclusivity: not checked at run time (accesses once a run of steps). A reader belongs
    // to one index builder on one thread, and its methods call out only to the skims, which
    // cannot reach it.
    /// Whether a step could not be read; nothing more is read then.
    @exclusivity(unchecked) private(set) var incomplete = false
    /// Where the Swift skim reads a step.
    let changes = JournalStepChanges()
    /// The C skim's lists; `nil` reads every step in Swift.
    let runs: StepSkimRuns?

    /// A reader for `reader`'s journal.
    init(for reader: JournalReader) {
        runs = StepSkimRuns(for: reader)
        limit = TakenStepRoom.limit(forFileOf: reader.fileSize)
    }

    /// Reads a run of steps from `at` with the C skim, for as long as it takes them, and says
    /// where it stopped. This one takes none: each is read by ``read(_:at:)``.
    func skimRun(_ taken: TakenStepFrames, from at: TakenStepFrames.Stop, seed: UInt32, runs: StepSkimRuns) -> TakenStepFrames.Stop {
        at
    }

    /// Reads the step whose payload is `payload`, at step `position`. This one reads none:
    /// the reader is left incomplete, and its work is done by a pass of its own.
    func read(_ payload: UnsafeRawBufferPointer, at position: Int) {
        giveUp()
    }

    /// Leaves the reader incomplete: what it read is not used.
    final func giveUp() {
        incomplete = true
    }

    /// Reads the step frames from `start` to `end` in `bytes`, which the index's loop has
    /// just checked and taken, the first at step `position` with sequence number `sequence`.
    final func readRun(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, sequence: UInt64, seed: UInt32, position: Int) {
        guard !incomplete, start < end else { return }
        let taken = TakenStepFrames(bytes, to: end)
        let whole = taken.walk(from: start, sequence: sequence, position: position) { at in
            guard let runs else { return at }
            return skimRun(taken, from: at, seed: seed, runs: runs)
        } each: { payload, position in
            read(payload, at: position)
            return !incomplete
        }
        if !whole { giveUp() }
    }

    /// The changes of the step whose payload is `payload`, skimmed in Swift into ``changes``;
    /// `nil` when the reader is incomplete, or is left so because the payload does not skim.
    final func skimmed(_ payload: UnsafeRawBufferPointer) -> JournalStepChanges? {
        guard !incomplete else { return nil }
        var bytes = ByteReader(payload)
        do {
            try bytes.skimStep(into: changes)
        } catch {
            giveUp()
            return nil
        }
        return changes
    }
}

/// How many atom numbers, locations and subscribers a ``TakenStepReader`` makes room for: its
/// tables are indexed by number, so a hostile file naming a large number must not make it
/// allocate much. A journal defines each number it names in a frame of its own, at least a
/// frame header long, so room for a number per 8 bytes of file is room for every number an
/// honest journal names, with a floor for small files and a ceiling over all.
enum TakenStepRoom {
    /// The most numbers any reader makes room for.
    static let most = 1 << 20

    /// The most numbers a reader of a file of `size` bytes makes room for.
    static func limit(forFileOf size: Int) -> Int {
        min(most, max(1 << 12, size / 8))
    }
}
