import AtomJournal
import Foundation

/// A journal opened for time travel: the state at any step, each step decoded with names,
/// and when each atom changed.
///
/// Steps are numbered from 1 to ``stepCount``; step 0 is the state before the first step.
/// Opening reads what every step changed once (without building the steps) to build a
/// per-atom change index, so that "when did this atom change" is a lookup. Seeking starts
/// from the nearest keyframe at or before the step and applies the steps after it; the last
/// state is kept, so moving forward by one step applies one step.
///
/// ```swift
/// let timeline = try Timeline(url: URL(filePath: "app.journal"))
/// let state = try timeline.state(at: 12)
/// let id = try timeline.resolve(atom: "count")
/// print(timeline.changes(of: id), try timeline.why(id, at: 12))
/// ```
///
/// A timeline reads its journal through one file handle: use it from one thread at a time.
public final class Timeline {
    /// The journal, for what the timeline does not wrap.
    public let journal: Journal
    /// The journal's URL, as given.
    public let url: URL
    /// Every mark, in order.
    public let marks: [TimelineMark]
    /// The valid frames opening read: steps, keyframes, definitions, marks and the close.
    package let frameCount: Int
    /// Whether the index of changes was noted while the journal was opened, not in a pass of
    /// its own.
    package let notedWhileOpening: Bool

    let catalog: TimelineCatalog
    /// Step numbers (from 1, ascending) where each atom id was initialized, updated or
    /// released, and where it was recomputed, or set, to an equal value. 32 bits a step (a
    /// timeline refuses journals of 2^31 steps or more): for a million steps of three atoms,
    /// half the memory an open fills, and half the pages it touches for the first time.
    private let changeIndex: TimelineChangeIndex
    /// The most recent state asked for.
    private var cachedState: TimelineState?

    /// Opens a journal and indexes when each atom changed.
    ///
    /// - Throws: ``AtomScopeError`` for a missing file, a file that is not a journal, or a
    ///   damaged journal (with the offset). A torn tail is not an error: the steps before
    ///   it are read and ``ending`` says where it is.
    ///
    /// - Parameter progress: told the fraction done, from 0 to 1, as opening reads the file:
    ///   once, noting what each step changed as it indexes it. A journal whose notes fail a
    ///   check (a step that refers to what the journal never defines, a commit that goes
    ///   back, a number larger than the file could define, 2^20 at most) is read a second
    ///   time, which names the problem, without more progress.
    public convenience init(url: URL, progress: ((Double) -> Void)? = nil) throws(AtomScopeError) {
        try self.init(url: url, progress: progress, notesWhileOpening: true)
    }

    /// Opens a journal as ``init(url:progress:)`` does, letting a test set how the reader
    /// indexes (`beforeIndexing`), whether the opening scan notes the steps
    /// (`notesWhileOpening`; without, or when its notes fail a check, the steps are noted in
    /// a pass of their own), and how the reader splits that pass (`beforeSkimming`).
    package init(
        url: URL, progress: ((Double) -> Void)? = nil, notesWhileOpening: Bool = true,
        beforeIndexing: (JournalReader) -> Void = { _ in }, beforeSkimming prepare: (JournalReader) -> Void = { _ in }
    ) throws(AtomScopeError) {
        self.url = url
        let journal: Journal
        do {
            // The opening scan notes what each step changed as it indexes it; the steps are
            // read again only when those notes fail a check (`TimelineChangeIndex(noted:index:)`).
            journal = try Journal(url: url, progress: progress, notingSteps: notesWhileOpening, beforeIndexing: beforeIndexing)
        } catch {
            throw AtomScopeError(error)
        }
        prepare(journal.reader)
        self.journal = journal
        defer { journal.reader.progress = nil }
        let index = journal.index
        let catalog = TimelineCatalog(index: index, startTime: journal.header.startTime)
        self.catalog = catalog
        marks = index.marks.map { entry in
            TimelineMark(
                step: entry.stepCount, label: entry.mark.label, commit: entry.mark.commit, time: entry.mark.time,
                date: TimelineDates.date(start: catalog.startTime, offset: entry.mark.time)
            )
        }

        if let noted = journal.takeNotedSteps(), let changeIndex = TimelineChangeIndex(noted: noted, index: index) {
            self.changeIndex = changeIndex
            frameCount = index.frameCount
            notedWhileOpening = true
            return
        }
        notedWhileOpening = false
        // Every reading command opens through here, so a step that makes no sense is
        // reported the same way everywhere, naming the step. The steps are skimmed (numbers
        // and sizes, strings checked but not built): decoding each one whole cost over a
        // second for a million steps.
        let path = journal.reader.path
        let slots = AtomSlots(index.atoms)
        let ordered = index.steps.firstOutOfOrder
        let builder = ChangeIndexBuilder(index: index, slots: slots, path: path, ordered: ordered)
        var frames = 0
        do {
            // A large journal is skimmed in two halves at once, each noted apart.
            frames = try journal.skimSteps(
                into: builder, splittingInto: { ChangeIndexBuilder(index: index, slots: slots, path: path, ordered: ordered) },
                join: { $0.append($1) }, target: { $0.target }
            ) { builder, position, changes throws(AtomScopeError) in
                try builder.note(position, changes)
            }
        } catch let error as AtomScopeError {
            throw error
        } catch let error as JournalError {
            throw AtomScopeError(error)
        } catch {
            throw .malformedStep(path: path, step: builder.lastStep, reason: "\(error)")
        }
        changeIndex = builder.finish()
        frameCount = frames
    }

    // MARK: The journal

    /// The journal's path.
    public var path: String { journal.reader.path }

    /// The journal file that was opened, by device and inode: what an output must not be.
    package var fileIdentity: FileIdentity? { journal.reader.fileIdentity }

    /// The journal's header.
    public var header: JournalHeader { journal.header }

    /// When recording started, if the header says.
    public var startDate: Date? { TimelineDates.date(start: catalog.startTime, offset: 0) }

    /// How many steps the journal holds.
    public var stepCount: Int { journal.stepCount }

    /// The steps a state can be asked for: 0 (before the first step) to ``stepCount``.
    public var stateRange: ClosedRange<Int> { 0...stepCount }

    /// How the journal's valid records end: closed, open, or a torn tail with its offset.
    public var ending: JournalEnding { journal.index.ending }

    /// The steps after which a keyframe holds the full state; seeking starts at one of them.
    public var keyframeSteps: [Int] { journal.index.keyframes.map(\.stepCount) }

    /// Every atom id the journal defines, sorted.
    public var atomIDs: [String] { catalog.atomIDs }

    /// An atom's definition, if the journal defines the id.
    public func atom(_ id: String) -> TimelineAtom? {
        catalog.atomsByID[id]
    }

    // MARK: Steps

    /// Decodes a step, with names resolved and every value whole: a value the journal holds
    /// as a patch (format 1.3) is the one the state after the step holds.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `1 <= number <= stepCount`.
    public func step(_ number: Int) throws(AtomScopeError) -> TimelineStep {
        let record = try journalStep(number)
        var step = TimelineStep(record, number: number, catalog: catalog)
        if !record.patches.isEmpty {
            // Worked out from the state before the step, which stays cached: that is the state
            // `diff(of:)` asks for next, so `replay` and the REPL do not replay from a keyframe
            // for every patched step. The values come from replaying this one step, as seeking
            // would give them.
            var state = try state(at: number - 1)
            do {
                try state.apply(record, number: number)
            } catch {
                throw .malformedStep(path: path, step: number, reason: error.reason)
            }
            for patch in record.patches {
                step.updated[catalog.id(ofAtom: patch.atom)] = state.value(ofNumber: patch.atom)
            }
        }
        return step
    }

    /// What `log` shows of a step, made from its record alone: no value is filed under its
    /// atom's name and no patch is applied (see ``TimelineStepSummary``).
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `1 <= number <= stepCount`.
    public func summary(_ number: Int) throws(AtomScopeError) -> TimelineStepSummary {
        TimelineStepSummary(try journalStep(number), number: number, catalog: catalog)
    }

    /// Applies a step to a state, reporting a patch that does not fit as a malformed step.
    func apply(_ number: Int, to state: inout TimelineState) throws(AtomScopeError) {
        let record = try journalStep(number)
        do {
            try state.apply(record, number: number)
        } catch {
            throw .malformedStep(path: path, step: number, reason: error.reason)
        }
    }

    /// The step as the journal records it, by number.
    func journalStep(_ number: Int) throws(AtomScopeError) -> JournalStep {
        guard number >= 1, number <= stepCount else {
            throw .stepOutOfRange(path: path, step: number, valid: stepCount > 0 ? 1...stepCount : nil)
        }
        do {
            return try journal.step(at: number - 1)
        } catch {
            throw AtomScopeError(error)
        }
    }

    // MARK: States

    /// The state after a step; `0` gives the state before the first step.
    ///
    /// - Throws: ``AtomScopeError/stepOutOfRange(path:step:valid:)`` unless
    ///   `0 <= step <= stepCount`, or an error for a step that cannot be decoded.
    public func state(at step: Int) throws(AtomScopeError) -> TimelineState {
        try seek(to: step, keep: true)
    }

    /// Seeks to a step from the cached state when it is on the way, else from the nearest
    /// keyframe; `keep` makes the result the new cached state.
    func seek(to step: Int, keep: Bool) throws(AtomScopeError) -> TimelineState {
        guard stateRange.contains(step) else {
            throw .stepOutOfRange(path: path, step: step, valid: stateRange)
        }
        if let cachedState, cachedState.step == step {
            return cachedState
        }
        let keyframe = nearestKeyframe(atOrBefore: step)
        let keyframeStep = keyframe.map { journal.index.keyframes[$0].stepCount } ?? 0
        var state: TimelineState
        if let cached = cachedState, cached.step < step, cached.step >= keyframeStep {
            state = cached
            if keep {
                // Let the state be mutated in place rather than copied.
                cachedState = nil
            }
        } else {
            state = try initialState(keyframe: keyframe)
        }
        while state.step < step {
            try apply(state.step + 1, to: &state)
        }
        if keep {
            cachedState = state
        }
        return state
    }

    /// The position in the index of the last keyframe at or before a step.
    private func nearestKeyframe(atOrBefore step: Int) -> Int? {
        let keyframes = journal.index.keyframes
        var low = 0
        var high = keyframes.count
        while low < high {
            let middle = (low + high) / 2
            if keyframes[middle].stepCount <= step {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low > 0 ? low - 1 : nil
    }

    /// The state a keyframe holds, or the empty state before the first step when there is
    /// no keyframe to start from.
    func initialState(keyframe position: Int?) throws(AtomScopeError) -> TimelineState {
        guard let position else {
            return TimelineState(catalog: catalog, step: 0, commit: 0, time: 0)
        }
        let keyframe: JournalKeyframe
        do {
            keyframe = try journal.keyframe(at: position)
        } catch {
            throw AtomScopeError(error)
        }
        let step = journal.index.keyframes[position].stepCount
        // A keyframe after step n is written after that step: give the state the step's own
        // commit and time, as replaying to it does.
        let entry = step > 0 && step <= journal.index.steps.count ? journal.index.steps[step - 1] : nil
        return TimelineState(
            catalog: catalog, keyframe: keyframe, step: step,
            commit: entry?.commit ?? keyframe.commit, time: entry?.time ?? keyframe.time
        )
    }

    // MARK: Changes

    /// The steps (ascending) where an atom was initialized, updated or released; empty for
    /// an id that never changed or that the journal does not define.
    public func changes(of id: String) -> [Int] {
        changeIndex.withChanges(of: id, Self.widened)
    }

    /// The steps (ascending) where the atom was recomputed, or set, to a value equal to the
    /// one it had: not changes, but work the app did.
    public func recomputes(of id: String) -> [Int] {
        changeIndex.withRecomputes(of: id, Self.widened)
    }

    /// The first step after `step` where the atom changed.
    public func nextChange(of id: String, after step: Int) -> Int? {
        changeIndex.withChanges(of: id) { steps in
            let position = Self.firstPosition(in: steps) { $0 > step }
            return position < steps.count ? Int(steps[position]) : nil
        }
    }

    /// The last step before `step` where the atom changed.
    public func previousChange(of id: String, before step: Int) -> Int? {
        changeIndex.withChanges(of: id) { steps in
            let position = Self.firstPosition(in: steps) { $0 >= step }
            return position > 0 ? Int(steps[position - 1]) : nil
        }
    }

    /// The last step at or before `step` where the atom changed.
    public func lastChange(of id: String, atOrBefore step: Int) -> Int? {
        // Not `previousChange(before: step + 1)`, which overflows for `Int.max`.
        changeIndex.withChanges(of: id) { steps in
            let position = Self.firstPosition(in: steps) { $0 > step }
            return position > 0 ? Int(steps[position - 1]) : nil
        }
    }

    /// Whether the atom changed in a step after `start` and at or before `end`.
    public func changed(_ id: String, after start: Int, through end: Int) -> Bool {
        guard let next = nextChange(of: id, after: start) else { return false }
        return next <= end
    }

    /// Step numbers as `Int`s, in a loop the compiler vectorises.
    private static func widened(_ steps: StepNumbers) -> [Int] {
        // Made with no capacity, an array writes its count into the storage every empty array
        // shares: a race with any other thread reading an empty array.
        guard !steps.isEmpty else { return [] }
        return [Int](unsafeUninitializedCapacity: steps.count) { buffer, initialized in
            for index in 0..<steps.head.count {
                buffer[index] = Int(steps.head[index])
            }
            let split = steps.head.count
            for index in 0..<steps.tail.count {
                buffer[split + index] = Int(steps.tail[index])
            }
            initialized = steps.count
        }
    }

    /// The first position in ascending step numbers whose number satisfies a predicate that
    /// is false for a prefix and true after it.
    private static func firstPosition(in steps: StepNumbers, where predicate: (Int) -> Bool) -> Int {
        var low = 0
        var high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(Int(steps[middle])) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        return low
    }
}
