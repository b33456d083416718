@testable import AtomJournal
import Foundation
import Testing

/// Opening a journal for `stat`, `log` or the REPL skims every step; runs of usual steps are
/// skimmed in C (`atomscope_skim_steps`), the rest by `ByteReader.skimStep`, the reference.
/// The C loop must take a frame only when the Swift skim reads it without an error, and then
/// read the same numbers; it may leave any frame to the Swift skim. Payloads here are written
/// field by field by this file (not by the journal's encoder), then many are damaged.
@Suite struct StepSkimRunTests {
    /// What a skim read from one step, in a form to compare.
    struct Skimmed: Equatable, CustomStringConvertible {
        var causeAtom: Int?
        var causeLocation: Int?
        var initialized: Int
        var values: [JournalStepChanges.Value]
        var released: [Int]
        var recomputed: [Int]
        var edges: [JournalStepChanges.Pair]
        var subscriptions: [JournalStepChanges.Pair]
        var patches: [JournalStepChanges.Value]

        init(_ changes: JournalStepChanges) {
            causeAtom = changes.causeAtom
            causeLocation = changes.causeLocation
            initialized = changes.initializedCount
            values = Array(changes.values)
            released = Array(changes.released)
            recomputed = Array(changes.recomputed)
            edges = Array(changes.edges)
            subscriptions = Array(changes.subscriptions)
            patches = Array(changes.patches)
        }

        var description: String {
            "cause \(String(describing: causeAtom)) at \(String(describing: causeLocation)), \(initialized) initialized, values \(values.map { "\($0.atom):\($0.bytes)" }), released \(released), recomputed \(recomputed), edges \(edges.count), subscriptions \(subscriptions.count), patches \(patches.count)"
        }
    }

    /// A step payload written field by field, with the choices a journal's writer never makes
    /// as well as those it does: varints padded with continuation bytes, strings beyond ASCII
    /// or not UTF-8, values of unknown tags, extensions of unknown tags.
    struct PayloadWriter {
        var bytes: [UInt8] = []
        var numbers: FormatSeededRandom

        mutating func varint(_ value: UInt64) {
            var value = value
            // A few varints one byte longer than they need (a trailing zero group), zero too.
            let padded = numbers.below(25) == 0
            if padded, value == 0 {
                bytes += [0x80, 0x00]
                return
            }
            while value >= 0x80 || (padded && value > 0) {
                bytes.append(UInt8(value & 0x7F) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }

        mutating func signed(_ value: Int64) {
            varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func number() -> UInt64 {
            switch numbers.below(10) {
            case 0: UInt64(numbers.below(1 << 20))
            case 1: numbers.next() >> UInt64(1 + numbers.below(63))
            default: UInt64(numbers.below(12))
            }
        }

        mutating func integer() -> Int64 {
            switch numbers.below(12) {
            case 0: .min
            case 1: .max
            case 2: 0
            case 3: -Int64(numbers.below(1_000))
            case 4: Int64(bitPattern: numbers.next())
            case 5: Int64(bitPattern: numbers.next() >> UInt64(numbers.below(64)))
            default: Int64(numbers.below(2_000_000))
            }
        }

        mutating func string() {
            let text: [UInt8] = switch numbers.below(40) {
            // Long enough now and then for a frame over 1 KiB (checksummed from the seed) and
            // for runs whose payloads fill the lists' room.
            case 0: Array(String(repeating: "z", count: 900 + numbers.below(9_000)).utf8)
            case 1...3: Array("é\(numbers.below(100))".utf8)
            case 4...6: [0x66, 0xFF, 0x66]
            case 7...9: Array(String(repeating: "y", count: 8 + numbers.below(30)).utf8)
            default: Array(String(repeating: "x", count: numbers.below(8)).utf8)
            }
            varint(UInt64(text.count))
            bytes += text
        }

        mutating func entries() {
            let count = numbers.below(5)
            varint(UInt64(count))
            for _ in 0..<count {
                varint(number())
                let tag = numbers.below(30) == 0 ? UInt8(5 + numbers.below(250)) : UInt8(numbers.below(5))
                bytes.append(tag)
                switch tag {
                case ValueTag.json, ValueTag.text: string()
                case ValueTag.integer: signed(integer())
                default: break
                }
            }
        }

        mutating func list(pairs: Bool) {
            let count = numbers.below(4)
            varint(UInt64(count))
            for _ in 0..<(pairs ? 2 * count : count) { varint(number()) }
        }

        mutating func step() {
            signed(numbers.below(4) == 0 ? Int64(bitPattern: numbers.next()) : Int64(numbers.below(3)))
            signed(numbers.below(3) == 0 ? Int64(bitPattern: numbers.next() >> 3) : Int64(numbers.below(70_000)))
            let operation = UInt8(numbers.below(8))
            bytes.append(operation)
            if operation == 0 { string() }
            varint(numbers.below(3) == 0 ? 0 : number())
            varint(numbers.below(3) == 0 ? 0 : number())
            let flags = numbers.below(3) == 0 ? UInt8(numbers.below(256)) : StepSection.updated
            bytes.append(flags)
            if flags & StepSection.label != 0 { string() }
            if flags & StepSection.initialized != 0 { entries() }
            if flags & StepSection.updated != 0 { entries() }
            if flags & StepSection.released != 0 { list(pairs: false) }
            if flags & StepSection.edgesAdded != 0 { list(pairs: true) }
            if flags & StepSection.edgesRemoved != 0 { list(pairs: true) }
            if flags & StepSection.subscriptionsAdded != 0 { list(pairs: true) }
            if flags & StepSection.subscriptionsRemoved != 0 { list(pairs: true) }
            for _ in 0..<numbers.below(3) {
                let tag = [StepExtension.recomputed, StepExtension.recomputed, StepExtension.patched, 9][numbers.below(4)]
                bytes.append(tag)
                var block = PayloadWriter(numbers: numbers)
                if tag == StepExtension.recomputed {
                    block.list(pairs: false)
                    // Now and then bytes after the list, inside its block.
                    if block.numbers.below(6) == 0 { block.bytes.append(7) }
                } else {
                    for _ in 0..<block.numbers.below(6) { block.bytes.append(UInt8(block.numbers.below(256))) }
                }
                numbers = block.numbers
                varint(UInt64(block.bytes.count))
                bytes += block.bytes
            }
        }

        /// One to three changes a damaged file could hold: a byte changed, the end cut, bytes
        /// added in the middle or at the end.
        mutating func damage() {
            for _ in 0..<(1 + numbers.below(3)) {
                guard !bytes.isEmpty else { return }
                let at = numbers.below(bytes.count)
                switch numbers.below(4) {
                case 0: bytes[at] = UInt8(numbers.below(256))
                case 1: bytes.removeLast(1 + numbers.below(bytes.count))
                case 2: bytes.insert(UInt8(numbers.below(256)), at: at)
                default: bytes.append(UInt8(numbers.below(256)))
                }
            }
        }
    }

    private static let saltState = CRC32C.checksum(FormatSpec.vectorSalt)

    /// The Swift skim of one payload, or `nil` when it finds the payload malformed.
    private func swiftSkim(_ payload: [UInt8]) -> Skimmed? {
        let changes = JournalStepChanges()
        return payload.withUnsafeBytes { bytes -> Skimmed? in
            var reader = ByteReader(bytes)
            guard (try? reader.skimStep(into: changes)) != nil else { return nil }
            return Skimmed(changes)
        }
    }

    /// The steps the C loop takes from the start of `window`, each as a `Skimmed`.
    private func cSkim(_ window: [UInt8], sequence: UInt64, runs: StepSkimRuns) -> [Skimmed] {
        window.withUnsafeBytes { bytes in
            let run = runs.skim(bytes, from: 0, sequence: sequence, seed: ~Self.saltState)
            var taken: [Skimmed] = []
            let changes = JournalStepChanges()
            var value = 0, release = 0, recompute = 0, edge = 0, subscription = 0
            for index in 0..<run.steps_used {
                let step = runs.steps[index]
                changes.show(
                    causeAtom: step.cause_atom < 0 ? nil : Int(step.cause_atom),
                    causeLocation: step.cause_location < 0 ? nil : Int(step.cause_location),
                    initialized: Int(step.initialized),
                    values: UnsafeBufferPointer(start: runs.values + value, count: Int(step.values)),
                    released: UnsafeBufferPointer(start: runs.released + release, count: Int(step.released)),
                    recomputed: UnsafeBufferPointer(start: runs.recomputed + recompute, count: Int(step.recomputed)),
                    edges: UnsafeBufferPointer(start: runs.edges + edge, count: Int(step.edges)),
                    subscriptions: UnsafeBufferPointer(start: runs.subscriptions + subscription, count: Int(step.subscriptions))
                )
                taken.append(Skimmed(changes))
                value += Int(step.values)
                release += Int(step.released)
                recompute += Int(step.recomputed)
                edge += Int(step.edges)
                subscription += Int(step.subscriptions)
            }
            return taken
        }
    }

    @Test func theCLoopTakesOnlyWhatTheSwiftSkimReadsAndReadsTheSame() throws {
        guard let runs = StepSkimRuns(saltState: Self.saltState) else { return }
        var numbers = FormatSeededRandom(seed: 27)
        var taken = 0
        var left = 0
        var refusedBySwift = 0
        var takenLong = 0
        for round in 0..<4_000 {
            var writer = PayloadWriter(numbers: numbers)
            writer.step()
            if writer.numbers.below(3) == 0 { writer.damage() }
            numbers = writer.numbers
            let payload = writer.bytes
            let sequence = UInt64(numbers.below(1_000))
            var window = FormatSpec.frame(type: RecordType.step.rawValue, sequence: sequence, payload: payload, salt: FormatSpec.vectorSalt)
            // Sometimes bytes after the frame, so that the loop's word loads near the end of
            // the window are tried with and without room.
            if round % 2 == 0 { window += (0..<numbers.below(12)).map { _ in UInt8(numbers.below(256)) } }
            let reference = swiftSkim(payload)
            let skimmed = cSkim(window, sequence: sequence, runs: runs)
            if reference == nil { refusedBySwift += 1 }
            if payload.count > 1_100, !skimmed.isEmpty { takenLong += 1 }
            if let first = skimmed.first {
                #expect(skimmed.count == 1)
                #expect(reference == first, "round \(round): payload \(FormatSpec.hex(payload))")
                taken += 1
            } else {
                left += 1
            }
        }
        // Both paths are exercised: most well-formed steps go to C, and malformed ones exist.
        #expect(taken > 1_000)
        #expect(refusedBySwift > 500)
        #expect(left > refusedBySwift)
        // Frames over 1 KiB, checksummed from the seed rather than from the table, are taken too.
        #expect(takenLong > 20)
    }

    /// Any one byte of a step's frame changed (its length, checksum, type, sequence number or
    /// payload) and the C loop takes nothing, for frames of every size around the 40
    /// checksummed bytes it reads as five words and the longer ones it reads word by word.
    @Test func aChangedByteInAFrameIsNotTaken() throws {
        guard let runs = StepSkimRuns(saltState: Self.saltState) else { return }
        var numbers = FormatSeededRandom(seed: 31)
        var sizes = Set<Int>()
        for _ in 0..<3_000 {
            var writer = PayloadWriter(numbers: numbers)
            writer.step()
            numbers = writer.numbers
            let payload = writer.bytes
            // Checksummed bytes: the type byte, the sequence number and the payload.
            let checksummed = payload.count + 9
            guard checksummed <= 64, !sizes.contains(checksummed), swiftSkim(payload) != nil else { continue }
            let sequence = UInt64(numbers.below(1_000))
            let frame = FormatSpec.frame(type: RecordType.step.rawValue, sequence: sequence, payload: payload, salt: FormatSpec.vectorSalt)
            guard cSkim(frame, sequence: sequence, runs: runs).count == 1 else { continue }
            sizes.insert(checksummed)
            for at in frame.indices {
                var changed = frame
                changed[at] ^= UInt8(1 + numbers.below(255))
                #expect(cSkim(changed, sequence: sequence, runs: runs).isEmpty, "byte \(at) of a frame of \(checksummed) checksummed bytes")
            }
        }
        // Short frames of most sizes on both sides of 40 checksummed bytes.
        #expect(sizes.filter { $0 <= 40 }.count >= 15 && sizes.filter { $0 > 40 }.count >= 10, "\(sizes.sorted())")
    }

    @Test func aRunOfStepsStopsAtTheFirstFrameItDoesNotTake() throws {
        guard let runs = StepSkimRuns(saltState: Self.saltState) else { return }
        var numbers = FormatSeededRandom(seed: 28)
        var runsPastTheRoom = 0
        for _ in 0..<200 {
            var window: [UInt8] = []
            var references: [Skimmed?] = []
            let first = UInt64(numbers.below(100))
            for index in 0..<(1 + numbers.below(40)) {
                var writer = PayloadWriter(numbers: numbers)
                writer.step()
                if writer.numbers.below(15) == 0 { writer.damage() }
                numbers = writer.numbers
                references.append(swiftSkim(writer.bytes))
                // Now and then a frame out of sequence, which ends the run like a bad one.
                let sequence = numbers.below(60) == 0 ? 0 : first + UInt64(index)
                window += FormatSpec.frame(type: RecordType.step.rawValue, sequence: sequence, payload: writer.bytes, salt: FormatSpec.vectorSalt)
            }
            let skimmed = cSkim(window, sequence: first, runs: runs)
            #expect(skimmed.count <= references.count)
            for (index, step) in skimmed.enumerated() {
                #expect(references[index] == step)
            }
            if window.count > StepSkimRuns.itemCapacity { runsPastTheRoom += 1 }
        }
        // Some runs hold more payload bytes than the lists have room for: the loop stops
        // before the step that would not fit, and what it took still agrees.
        #expect(runsPastTheRoom > 10)
    }

    /// A step the C loop leaves to the Swift skim while noting (an atom it does not define
    /// after one it does, a list with no room after one that had some) keeps no note of it:
    /// a step is noted whole or not at all.
    @Test func aStepLeftToTheSwiftSkimKeepsNoNote() throws {
        guard let runs = StepSkimRuns(saltState: Self.saltState) else { return }
        func payload(_ atoms: [UInt8], recomputed: [UInt8] = []) -> [UInt8] {
            // Deltas, operation 1, no cause, the updated section: each atom set to 1; then the
            // recomputed atoms' extension.
            var bytes: [UInt8] = [2, 2, 1, 0, 0, StepSection.updated, UInt8(atoms.count)] + atoms.flatMap { [$0, ValueTag.integer, 2] }
            if !recomputed.isEmpty { bytes += [StepExtension.recomputed, UInt8(1 + recomputed.count), UInt8(recomputed.count)] + recomputed }
            return bytes
        }
        // Step 1 changes atoms 0 and 1; step 2 atom 0, then atom 5, which no slot holds.
        let window = FormatSpec.frame(type: RecordType.step.rawValue, sequence: 0, payload: payload([0, 1]), salt: FormatSpec.vectorSalt)
            + FormatSpec.frame(type: RecordType.step.rawValue, sequence: 1, payload: payload([0, 5]), salt: FormatSpec.vectorSalt)
        let notes = StepNotes(slots: 2, slotOf: [0, 1, -1, -1, -1, -1], locations: [], subscribers: [], limit: 10)
        notes.grow(slot: 0, recompute: false)
        notes.grow(slot: 1, recompute: false)
        let noted = window.withUnsafeBytes { bytes in
            notes.withCNotes { runs.skim(bytes, from: 0, sequence: 0, seed: ~Self.saltState, notes: &$0).step_position }
        }
        // Step 1 noted, step 2 left to the Swift skim.
        #expect(noted == 1)
        #expect(Array(notes.changes(ofSlot: 0)) == [1])
        #expect(Array(notes.changes(ofSlot: 1)) == [1])

        // Slot 0's list full when step 2 comes, slot 1's not: step 2 (atoms 1, then 0) stops
        // the run, with nothing noted, for the owner to grow slot 0's list.
        let full = StepNotes(slots: 2, slotOf: [0, 1], locations: [], subscribers: [], limit: 10)
        full.grow(slot: 1, recompute: false)
        full.grow(slot: 1, recompute: false)
        let second = FormatSpec.frame(type: RecordType.step.rawValue, sequence: 0, payload: payload([1, 0]), salt: FormatSpec.vectorSalt)
        second.withUnsafeBytes { bytes in
            full.withCNotes { notes in
                _ = runs.skim(bytes, from: 0, sequence: 0, seed: ~Self.saltState, notes: &notes)
                #expect(notes.full_slot == 0)
            }
        }
        #expect(full.changes(ofSlot: 1).isEmpty)

        // One slot named twice before an undefined atom: its list gained the step once, and
        // loses it once. A slot's recompute list full after its change list took the step:
        // the change is taken back too.
        let twice = StepNotes(slots: 2, slotOf: [0, 1], locations: [], subscribers: [], limit: 10)
        twice.grow(slot: 0, recompute: false)
        twice.noteChange(slot: 0, step: 7)
        let steps = FormatSpec.frame(type: RecordType.step.rawValue, sequence: 0, payload: payload([0, 0, 9]), salt: FormatSpec.vectorSalt)
        steps.withUnsafeBytes { bytes in
            twice.withCNotes { notes in
                let run = runs.skim(bytes, from: 0, sequence: 0, seed: ~Self.saltState, notes: &notes, step: 7)
                #expect(run.step_position == 7)
            }
        }
        #expect(Array(twice.changes(ofSlot: 0)) == [7])
        let recomputeFull = StepNotes(slots: 2, slotOf: [0, 1], locations: [], subscribers: [], limit: 10)
        recomputeFull.grow(slot: 1, recompute: false)
        let both = FormatSpec.frame(type: RecordType.step.rawValue, sequence: 0, payload: payload([1], recomputed: [1]), salt: FormatSpec.vectorSalt)
        both.withUnsafeBytes { bytes in
            recomputeFull.withCNotes { notes in
                _ = runs.skim(bytes, from: 0, sequence: 0, seed: ~Self.saltState, notes: &notes)
                #expect(notes.full_slot == 1)
                #expect(notes.full_recompute == 1)
            }
        }
        #expect(recomputeFull.changes(ofSlot: 1).isEmpty)
    }

    /// Steps, marks and keyframes written by the journal's own encoder: a skim that takes runs
    /// in C lends every step the Swift skim lends, in order, with the same numbers.
    @Test func skimsWithAndWithoutTheCLoopLendTheSameSteps() throws {
        let folder = try FormatScratchFolder()
        var numbers = FormatSeededRandom(seed: 29)
        for journalIndex in 0..<12 {
            var records: [JournalRecord] = [
                .atomDefinition(JournalAtomDefinition(number: 0, id: "A", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
                .atomDefinition(JournalAtomDefinition(number: 1, id: "B", kind: "value", valueType: "String", isRestorable: false, isSensitive: false, isKeepAlive: false)),
            ]
            for commit in 1...(200 + numbers.below(2_000)) {
                var step = JournalStep(
                    commit: commit, time: Int64(commit * 1_000 + numbers.below(900)), operation: ["set", "batch", "große"][numbers.below(3)],
                    causeAtom: numbers.below(4) == 0 ? nil : 0,
                    updated: [JournalValueEntry(atom: 0, value: .json(String(numbers.below(100_000) - 50_000)))]
                )
                switch numbers.below(6) {
                case 0: step.updated.append(JournalValueEntry(atom: 1, value: .json("\"naïve \(commit)\"")))
                case 1: step.updated.append(JournalValueEntry(atom: 1, value: .redacted))
                case 2: step.recomputed = [1]
                case 3: step.edgesAdded = [JournalEdge(upstream: 0, downstream: 1)]
                // Now and then a value over the lists' room (the Swift skim reads its step) or
                // over a kilobyte (a run stops early for room and goes on in the next).
                case 4 where numbers.below(20) == 0:
                    step.updated.append(JournalValueEntry(atom: 1, value: .text(String(repeating: "w", count: numbers.below(2) == 0 ? 9_000 : 1_200))))
                default: step.updated.append(JournalValueEntry(atom: 1, value: .text("plain \(commit)")))
                }
                records.append(.step(step))
                if numbers.below(50) == 0 { records.append(.mark(JournalMark(commit: commit, time: step.time, label: "m"))) }
                if numbers.below(100) == 0 {
                    records.append(.keyframe(JournalKeyframe(commit: commit, time: step.time, atoms: [JournalValueEntry(atom: 0, value: .json("1"))], edges: [], subscriptions: [])))
                }
            }
            let url = try folder.write(FormatSpec.journal(salt: FormatSpec.vectorSalt, metadata: [:], records: records), name: "skim-\(journalIndex)")
            func steps(portably: Bool) throws -> [Skimmed] {
                let journal = try Journal(url: url)
                journal.reader.skimsPortably = portably
                var all: [Skimmed] = []
                try journal.skimSteps { position, changes in
                    #expect(position == all.count)
                    all.append(Skimmed(changes))
                }
                return all
            }
            let portable = try steps(portably: true)
            let fast = try steps(portably: false)
            #expect(fast.count == records.filter { if case .step = $0 { true } else { false } }.count)
            #expect(fast == portable)
        }
    }

    /// An error the visitor throws in the middle of a run of steps ends the skim there, as it
    /// does when each step is skimmed in Swift: the steps before it are lent once, none after.
    @Test func anErrorFromTheVisitorStopsTheSkimAtItsStep() throws {
        struct Refused: Error, Equatable {
            let position: Int
        }
        let folder = try FormatScratchFolder()
        var records: [JournalRecord] = [
            .atomDefinition(JournalAtomDefinition(number: 0, id: "A", kind: "state", valueType: "Int", isRestorable: true, isSensitive: false, isKeepAlive: false)),
        ]
        for commit in 1...500 {
            records.append(.step(JournalStep(commit: commit, time: Int64(commit), operation: "set", updated: [JournalValueEntry(atom: 0, value: .json(String(commit)))])))
        }
        let url = try folder.write(FormatSpec.journal(salt: FormatSpec.vectorSalt, metadata: [:], records: records))
        for portably in [true, false] {
            for stop in [0, 1, 255, 256, 257, 499] {
                let journal = try Journal(url: url)
                journal.reader.skimsPortably = portably
                var lent: [Int] = []
                #expect(throws: Refused(position: stop)) {
                    try journal.skimSteps { position, _ in
                        lent.append(position)
                        if position == stop { throw Refused(position: position) }
                    }
                }
                #expect(lent == Array(0...stop))
            }
        }
    }
}
