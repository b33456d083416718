import CCRC32C

/// The lists a C skim of a run of steps fills (`step_skim.c`), owned by one skim on one
/// thread and reused for every run it takes.
///
/// Opening a journal for `stat` or the timeline skims every step, in the index's own pass
/// (`TakenStepReader`) or in a pass of its own after it; skimmed one at a time in Swift, a
/// step of three values cost about 900 instructions with its frame's checks, most of them in reading
/// one field at a time through calls that could each throw. The C loop takes the usual steps
/// (ASCII strings, no patches, varints of at most nine bytes) and hands everything else,
/// malformed payloads included, to ``ByteReader/skimStep(into:)``, which stays the reference:
/// `StepSkimRunTests` compares the two on every shape of step.
final class StepSkimRuns {
    /// How many steps one call takes at most, and how many items each list holds: a step is
    /// taken only when every list has room for as many items as its payload has bytes, so
    /// steps of up to 8 KiB fit, and larger ones go to the Swift skim.
    static let stepCapacity = 256
    static let itemCapacity = 8192

    // Allocated once, freed in `deinit`; the C loop writes them and `visitRun` reads them
    // between its calls. `values` and the pairs are bound to the Swift types, whose layout
    // is the C structs' (two 64-bit integers); C code does not take part in Swift's typed
    // memory rules.
    let steps: UnsafeMutablePointer<atomscope_skimmed_step>
    let values: UnsafeMutablePointer<JournalStepChanges.Value>
    let released: UnsafeMutablePointer<Int>
    let recomputed: UnsafeMutablePointer<Int>
    let edges: UnsafeMutablePointer<JournalStepChanges.Pair>
    let subscriptions: UnsafeMutablePointer<JournalStepChanges.Pair>
    /// The registers atomscope_skim_steps needs for the journal's salt.
    let zeros: UnsafeMutablePointer<UInt32>

    /// Lists for a skim of `reader`'s journal, or `nil` where the C loop does not run (no
    /// CRC instructions, or a test that skims every step in Swift).
    convenience init?(for reader: JournalReader) {
        guard !reader.skimsPortably else { return nil }
        self.init(saltState: reader.saltState)
    }

    /// Lists for a journal whose salt leaves the CRC-32C register at `saltState`; `nil` where
    /// the C loop does not run (it is written for x86-64's CRC instructions), or where the
    /// Swift types the C loop writes are not laid out as its structs.
    init?(saltState: UInt32) {
        #if arch(x86_64)
        guard CRC32C.hardware, Self.layoutsMatch else { return nil }
        #else
        return nil
        #endif
        steps = .allocate(capacity: Self.stepCapacity)
        values = .allocate(capacity: Self.itemCapacity)
        released = .allocate(capacity: Self.itemCapacity)
        recomputed = .allocate(capacity: Self.itemCapacity)
        edges = .allocate(capacity: Self.itemCapacity)
        subscriptions = .allocate(capacity: Self.itemCapacity)
        zeros = .allocate(capacity: Int(ATOMSCOPE_STEP_INDEX_ZEROS))
        atomscope_step_index_zeros(~saltState, zeros)
    }

    /// Whether the Swift types the C loop writes through rebound pointers have its structs'
    /// layout: two 64-bit integers for a value and a pair, seven for a slot's counts.
    private static let layoutsMatch: Bool = {
        func same<Swift, C>(_: Swift.Type, _: C.Type) -> Bool {
            MemoryLayout<Swift>.size == MemoryLayout<C>.size && MemoryLayout<Swift>.stride == MemoryLayout<C>.stride
                && MemoryLayout<Swift>.alignment == MemoryLayout<C>.alignment
        }
        return same(JournalStepChanges.Value.self, atomscope_skim_value.self)
            && MemoryLayout<JournalStepChanges.Value>.offset(of: \.bytes) == MemoryLayout<atomscope_skim_value>.offset(of: \.bytes)
            && same(JournalStepChanges.Pair.self, atomscope_skim_pair.self)
            && MemoryLayout<JournalStepChanges.Pair>.offset(of: \.second) == MemoryLayout<atomscope_skim_pair>.offset(of: \.second)
            && same(StepSlotCounts.self, atomscope_slot_counts.self)
            && MemoryLayout<StepSlotCounts>.offset(of: \.lastRecompute) == MemoryLayout<atomscope_slot_counts>.offset(of: \.last_recompute)
            && MemoryLayout<StepSlotCounts>.offset(of: \.firstRecompute) == MemoryLayout<atomscope_slot_counts>.offset(of: \.first_recompute)
            && same(Int.self, Int64.self)
    }()

    deinit {
        steps.deallocate()
        values.deallocate()
        released.deallocate()
        recomputed.deallocate()
        edges.deallocate()
        subscriptions.deallocate()
        zeros.deallocate()
    }

    /// Skims the step frames the C loop takes from `position` in `bytes`, at most
    /// ``stepCapacity``; the lists then hold them from their starts. With `counting`, every
    /// step the loop takes is counted into its counts instead, from step `step` on, with no
    /// limit but the window's; `trusted` when the frames were checked already (see
    /// `atomscope_skim_run.trusted`).
    func skim(
        _ bytes: UnsafeRawBufferPointer, from position: Int, sequence: UInt64, seed: UInt32,
        counting: StepSkimCounting? = nil, trusted: Bool = false, notes: UnsafeMutablePointer<atomscope_step_notes>? = nil, step: Int = 0
    ) -> atomscope_skim_run {
        var run = atomscope_skim_run()
        run.bytes = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        run.count = bytes.count
        run.position = position
        run.seed = seed
        run.step_type = RecordType.step.rawValue
        run.maximum_payload = UInt32(JournalFormat.maximumPayloadSize)
        run.sequence = sequence
        run.zeros = UnsafePointer(zeros)
        run.steps = steps
        run.step_capacity = Self.stepCapacity
        run.values = UnsafeMutableRawPointer(values).assumingMemoryBound(to: atomscope_skim_value.self)
        run.value_capacity = Self.itemCapacity
        run.released = UnsafeMutableRawPointer(released).assumingMemoryBound(to: Int64.self)
        run.released_capacity = Self.itemCapacity
        run.recomputed = UnsafeMutableRawPointer(recomputed).assumingMemoryBound(to: Int64.self)
        run.recomputed_capacity = Self.itemCapacity
        run.edges = UnsafeMutableRawPointer(edges).assumingMemoryBound(to: atomscope_skim_pair.self)
        run.edge_capacity = Self.itemCapacity
        run.subscriptions = UnsafeMutableRawPointer(subscriptions).assumingMemoryBound(to: atomscope_skim_pair.self)
        run.subscription_capacity = Self.itemCapacity
        if let counting {
            run.slot_of = counting.slotOfNumber.baseAddress
            run.numbered = counting.slotOfNumber.count
            run.counts = UnsafeMutableRawPointer(counting.counts).assumingMemoryBound(to: atomscope_slot_counts.self)
        }
        run.notes = notes
        run.step_position = Int64(step)
        run.trusted = trusted ? 1 : 0
        if bytes.baseAddress != nil { atomscope_skim_steps(&run) }
        return run
    }
}

extension StepSkimVisitor {
    /// Takes the steps the C loop skims from `run.position`, lending each to `body` in turn
    /// as ``visit(_:)`` would. When `body` throws, the steps before that one are taken and
    /// the error is kept: the scan hands the refused step to ``visit(_:)``, which stops there.
    mutating func visitRun(_ run: FrameRun) -> FrameRun.Taken {
        let none = FrameRun.Taken(frames: 0, end: run.position, lastType: 0)
        guard let runs, visitorError == nil else { return none }
        if let stop, stop.isSet { return none }
        switch target {
        case .counting(let counting):
            // Counted in C as the sink's own `body` would count them: nothing is lent.
            let skimmed = runs.skim(run.bytes, from: run.position, sequence: run.sequence, seed: run.seed, counting: counting, step: self.position)
            return took(skimmed.step_position, end: skimmed.position, from: run)
        case .noting(let notes):
            // Noted in C as the sink would note them; a full list is grown and the run goes on.
            var position = run.position
            var sequence = run.sequence
            var step = Int64(self.position)
            while true {
                let skimmed = notes.withCNotes { cNotes in
                    (runs.skim(run.bytes, from: position, sequence: sequence, seed: run.seed, notes: &cNotes, step: Int(step)), Int(cNotes.full_slot), cNotes.full_recompute != 0)
                }
                position = skimmed.0.position
                sequence = skimmed.0.sequence
                step = skimmed.0.step_position
                guard skimmed.1 >= 0 else { break }
                notes.grow(slot: skimmed.1, recompute: skimmed.2)
            }
            if step > self.position { notes.lastNotedInC = Int(step) }
            return took(step, end: position, from: run)
        case nil:
            break
        }
        var position = run.position
        var sequence = run.sequence
        var taken: UInt64 = 0
        while true {
            // A second half whose first half failed stops at the next run.
            if taken > 0, let stop, stop.isSet { break }
            let skimmed = runs.skim(run.bytes, from: position, sequence: sequence, seed: run.seed)
            guard skimmed.steps_used > 0 else { break }
            var value = 0, release = 0, recompute = 0, edge = 0, subscription = 0
            for index in 0..<skimmed.steps_used {
                let step = runs.steps[index]
                let values = Int(step.values), releases = Int(step.released), recomputes = Int(step.recomputed)
                let edges = Int(step.edges), subscriptions = Int(step.subscriptions)
                changes.show(
                    causeAtom: step.cause_atom < 0 ? nil : Int(step.cause_atom),
                    causeLocation: step.cause_location < 0 ? nil : Int(step.cause_location),
                    initialized: Int(step.initialized),
                    values: UnsafeBufferPointer(start: runs.values + value, count: values),
                    released: UnsafeBufferPointer(start: runs.released + release, count: releases),
                    recomputed: UnsafeBufferPointer(start: runs.recomputed + recompute, count: recomputes),
                    edges: UnsafeBufferPointer(start: runs.edges + edge, count: edges),
                    subscriptions: UnsafeBufferPointer(start: runs.subscriptions + subscription, count: subscriptions)
                )
                do {
                    try body(self.position, changes)
                } catch {
                    visitorError = error
                    return FrameRun.Taken(frames: taken, end: position, lastType: taken > 0 ? RecordType.step.rawValue : 0)
                }
                value &+= values
                release &+= releases
                recompute &+= recomputes
                edge &+= edges
                subscription &+= subscriptions
                self.position += 1
                frames += 1
                taken += 1
                position = Int(step.end)
            }
            sequence = skimmed.sequence
        }
        return FrameRun.Taken(frames: taken, end: position, lastType: taken > 0 ? RecordType.step.rawValue : 0)
    }

    /// The steps a counting or noting run took, up to the one at `step`, ending at `end`.
    private mutating func took(_ step: Int64, end: Int, from run: FrameRun) -> FrameRun.Taken {
        let taken = Int(step) - position
        guard taken > 0 else { return FrameRun.Taken(frames: 0, end: run.position, lastType: 0) }
        position += taken
        frames += taken
        return FrameRun.Taken(frames: UInt64(taken), end: end, lastType: RecordType.step.rawValue)
    }
}
