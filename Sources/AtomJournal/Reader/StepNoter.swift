import CCRC32C

/// The timeline's notes of when each atom changed, made while opening indexes the journal
/// (`Journal.init(url:progress:countingSteps:notingSteps:beforeIndexing:)`): each frame is read and checked
/// once, where noting after the index read and checked every frame a second time.
///
/// The ids the timeline notes by, and the definitions a step's references are checked
/// against, are not known while the scan runs (a definition may come after the split of a
/// split index), so this notes by atom number (``StepNotes/init(byNumber:)``) and marks what
/// each step names; ``NotedSteps`` is then checked against the definitions. The C skim notes
/// the usual steps over the index loop's frames without checking them again; every other
/// step is skimmed here.
///
/// Room grows for the numbers the steps name, up to the reader's limit (`TakenStepRoom`); a
/// step naming a number past it, one whose payload does not skim, or a journal of more steps
/// than a list can number leaves the notes incomplete, and the timeline notes in a pass of
/// its own instead, which reports what is wrong.
final class StepNoter: TakenStepReader {
    private static let initialRoom = 1 << 10

    // Exclusivity: not checked at run time (two accesses a run of steps). A noter belongs to
    // one index builder on one thread, and its methods call out only to the skims, which
    // cannot reach it.
    @exclusivity(unchecked) private(set) var notes = StepNotes(byNumber: initialRoom)

    /// Notes, with the C skim, a run of the steps the index's loop took (``readRun(_:from:to:sequence:seed:position:)``).
    override func skimRun(_ taken: TakenStepFrames, from at: TakenStepFrames.Stop, seed: UInt32, runs: StepSkimRuns) -> TakenStepFrames.Stop {
        var at = at
        while true {
            let notes = notes
            let skimmed = notes.withCNotes { cNotes in
                (runs.skim(taken.frames, from: at.offset, sequence: at.sequence, seed: seed, trusted: true, notes: &cNotes, step: at.position), Int(cNotes.full_slot), cNotes.full_recompute != 0)
            }
            at = TakenStepFrames.Stop(offset: skimmed.0.position, sequence: skimmed.0.sequence, position: Int(skimmed.0.step_position))
            // A full list is grown, and the run goes on.
            guard skimmed.1 >= 0 else { return at }
            notes.grow(slot: skimmed.1, recompute: skimmed.2)
        }
    }

    override func read(_ payload: UnsafeRawBufferPointer, at position: Int) {
        note(payload, at: position)
    }

    /// Notes the step whose payload is `payload`, at step `position`.
    func note(_ payload: UnsafeRawBufferPointer, at position: Int) {
        guard let changes = skimmed(payload) else { return }
        guard let number = Int32(exactly: position + 1), number < Int32.max else {
            giveUp()
            return
        }
        var atoms = max(changes.causeAtom ?? -1, changes.values.lazy.map(\.atom).max() ?? -1)
        atoms = max(atoms, changes.released.max() ?? -1, changes.recomputed.max() ?? -1)
        atoms = max(atoms, changes.edges.lazy.map { max($0.first, $0.second) }.max() ?? -1, changes.subscriptions.lazy.map(\.first).max() ?? -1)
        let locations = changes.causeLocation ?? -1
        let subscribers = changes.subscriptions.lazy.map(\.second).max() ?? -1
        guard atoms < limit, locations < limit, subscribers < limit else {
            giveUp()
            return
        }
        let room = notes.room
        if atoms >= room.atoms || locations >= room.locations || subscribers >= room.subscribers {
            notes.grow(atoms: larger(room.atoms, atoms), locations: larger(room.locations, locations), subscribers: larger(room.subscribers, subscribers))
        }
        for value in changes.values { notes.noteChange(slot: value.atom, step: number) }
        for atom in changes.released { notes.noteChange(slot: atom, step: number) }
        for atom in changes.recomputed { notes.noteRecompute(slot: atom, step: number) }
        notes.markNamed(changes)
    }

    /// Room for number `number` where there is room for `room`: doubled at least, up to the
    /// limit.
    private func larger(_ room: Int, _ number: Int) -> Int {
        number < room ? room : min(limit, max(2 * room, number + 1))
    }

    /// Adds the notes of the steps right after these (a split index's second half), noted
    /// from 0 at step `offset` of the journal.
    func append(_ later: StepNoter, from offset: Int) {
        guard !incomplete else { return }
        guard !later.incomplete else {
            giveUp()
            return
        }
        later.notes.shift(by: offset)
        notes.append(later.notes)
    }

    /// Takes over the notes of a split index's second half, whose steps follow these,
    /// numbered from 0 at step `offset` of the journal: the steps after them are noted there.
    /// Returns the notes so far, which stay as they are.
    func takeOver(_ later: StepNoter, from offset: Int) -> StepNotes {
        let earlier = notes
        if later.incomplete { giveUp() }
        later.notes.shift(by: offset)
        notes = later.notes
        return earlier
    }
}

/// The timeline's notes by atom number, made while the journal was indexed
/// (``Journal/notedSteps``): a split index's halves apart, each checked against the
/// definitions by its reader.
package final class NotedSteps {
    /// The notes of the steps from the first, and of those after them (a split index's
    /// second half), if any.
    package let head: StepNotes
    package let tail: StepNotes?

    init(head: StepNotes, tail: StepNotes?) {
        self.head = head
        self.tail = tail
    }
}
